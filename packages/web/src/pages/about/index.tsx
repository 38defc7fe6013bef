import { useEffect, useState } from 'react';
import { Card, Empty, Spin } from '@arco-design/web-react';
import { call } from '@/api/http';
import { getAbout } from '@/api/status';
import { SafeHtml } from '@/components/safe-html';

export default function AboutPage() {
  const [about, setAbout] = useState<string | null>(null);
  useEffect(() => {
    call(getAbout()).then((content) => setAbout(content ?? ''));
  }, []);

  if (about === null) return <Spin style={{ display: 'block', marginTop: 80 }} />;
  return (
    <Card title="关于">
      {about ? <SafeHtml html={about} style={{ whiteSpace: 'pre-wrap' }} /> : <Empty description="管理员暂未设置关于内容" />}
    </Card>
  );
}
