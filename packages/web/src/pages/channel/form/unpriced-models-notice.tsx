import { Alert } from '@arco-design/web-react';
import { UnpricedModelList } from '@/components/model-price/unpriced-model-list';
import { usePricedModels } from './use-priced-models';

/**
 * Warns about the chosen models that have no price: the channel would pass its test, yet users
 * asking for them get "模型 X 未设置价格". Each can be priced from here.
 */
export function UnpricedModelsNotice({ models }: { models: readonly string[] }) {
  const { priced, reload } = usePricedModels();
  const unpriced = priced ? models.filter((model) => !priced.has(model)) : [];
  if (unpriced.length === 0) return null;
  return (
    <Alert
      type="warning"
      style={{ marginBottom: 16 }}
      title="以下模型未设置价格，用户调用时会被拒绝"
      content={<UnpricedModelList models={unpriced} onPriced={reload} />}
    />
  );
}
