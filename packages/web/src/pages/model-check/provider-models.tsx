import { Typography } from '@arco-design/web-react';
import { HeartbeatStrip } from './heartbeat-strip';
import type { ModelHealth } from './heartbeat-view';

/** One row per model of a provider: its name, its recent heartbeats and the latest response time. */
export function ProviderModels({ models }: { models: ModelHealth[] }) {
  return (
    <div className="heartbeat-models">
      {models.map(({ model, heartbeats, latest }) => (
        <div key={model} className="heartbeat-model" data-model={model}>
          <Typography.Text className="heartbeat-model-name" ellipsis={{ showTooltip: true }}>
            {model}
          </Typography.Text>
          <HeartbeatStrip heartbeats={heartbeats} />
          <Typography.Text type="secondary" className="heartbeat-latest">
            {latest ? `最近响应 ${latest.resp_time} ms` : ''}
          </Typography.Text>
        </div>
      ))}
    </div>
  );
}
