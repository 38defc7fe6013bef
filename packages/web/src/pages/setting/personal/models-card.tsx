import { useEffect, useState } from 'react';
import { Card, Empty, Message, Space, Tag, Typography } from '@arco-design/web-react';
import { call } from '@/api/http';
import { getUserModels } from '@/api/user';
import { copyText } from '@/lib/clipboard';

/** The models this user may call; clicking a tag copies its name. */
export function ModelsCard() {
  const [models, setModels] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    void call(getUserModels()).then((names) => {
      if (!active) return;
      setModels(names ?? []);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, []);

  const handleCopy = async (model: string) => {
    if (await copyText(model)) Message.success(`已复制：${model}`);
  };

  return (
    <Card title="可用模型" style={{ marginBottom: 16 }} loading={loading}>
      <Typography.Paragraph type="secondary">点击模型名称可复制</Typography.Paragraph>
      {models.length === 0 ? (
        <Empty description="暂无可用模型" />
      ) : (
        <Space wrap>
          {models.map((model) => (
            <Tag key={model} color="arcoblue" style={{ cursor: 'pointer' }} onClick={() => handleCopy(model)}>
              {model}
            </Tag>
          ))}
        </Space>
      )}
    </Card>
  );
}
