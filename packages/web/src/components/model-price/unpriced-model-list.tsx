import { useState } from 'react';
import { Button, Space, Tag, Typography } from '@arco-design/web-react';
import { ROLE_GUEST } from '@gw/shared';
import { canEditOptions } from '@/pages/setting/setting-tabs';
import { useUserStore } from '@/stores/user';
import { ModelPriceModal } from './model-price-modal';

interface UnpricedModelListProps {
  models: readonly string[];
  /** After a model was priced (the list marks it 已设置 meanwhile). */
  onPriced?: (model: string) => void;
}

/**
 * Models without a price, each with a button that prices it on the spot. Prices are options, which
 * only super administrators may change (docs/console-api.md): other administrators are told whom to ask.
 */
export function UnpricedModelList({ models, onPriced }: UnpricedModelListProps) {
  const canPrice = useUserStore((state) => canEditOptions(state.user?.role ?? ROLE_GUEST));
  const [editing, setEditing] = useState<string | null>(null);
  const [priced, setPriced] = useState<readonly string[]>([]);

  const handleSaved = (model: string) => {
    setEditing(null);
    setPriced((current) => [...current, model]);
    onPriced?.(model);
  };

  return (
    <>
      <Space wrap size={[12, 4]}>
        {models.map((model) => (
          <Space key={model} size={4}>
            <Tag>{model}</Tag>
            {priced.includes(model) ? (
              <Tag color="green">已设置</Tag>
            ) : (
              canPrice && (
                <Button size="mini" type="text" aria-label={`设置 ${model} 的价格`} onClick={() => setEditing(model)}>
                  设置价格
                </Button>
              )
            )}
          </Space>
        ))}
      </Space>
      {!canPrice && (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          请联系超级管理员在 设置 → 运营设置 → 倍率设置 中为它们设置模型倍率或固定价格。
        </Typography.Paragraph>
      )}
      <ModelPriceModal model={editing} onClose={() => setEditing(null)} onSaved={handleSaved} />
    </>
  );
}
