import { Notification } from '@arco-design/web-react';
import type { Channel } from '@/api/channels';
import { UnpricedModelList } from '@/components/model-price/unpriced-model-list';

/**
 * Said beside the success message of a channel test: the channel answers, but users asking for
 * these models are refused for want of a price. It stays until closed, so that each model can be
 * priced from it; a later test of the same channel replaces it.
 */
export function showUnpricedWarning(channel: Channel, models: readonly string[]): void {
  Notification.warning({
    id: `unpriced-models-${channel.id}`,
    title: `测试成功，但以下模型未设置价格：${models.join('、')}`,
    content: <UnpricedModelList models={models} />,
    duration: 0,
    closable: true,
  });
}
