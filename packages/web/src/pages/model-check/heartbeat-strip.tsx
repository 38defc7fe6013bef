import { Tooltip } from '@arco-design/web-react';
import type { Heartbeat } from '@/api/model-health';
import { formatTimestamp } from '@/lib/time';
import { levelView } from './heartbeat-view';

function HeartbeatDetails({ heartbeat }: { heartbeat: Heartbeat }) {
  return (
    <>
      <div>时间：{formatTimestamp(heartbeat.created_at)}</div>
      <div>状态：{levelView(heartbeat.level).label}</div>
      <div>响应时间：{heartbeat.resp_time} ms</div>
      {heartbeat.err_reason && <div>错误原因：{heartbeat.err_reason}</div>}
    </>
  );
}

/** A model's heartbeats as small blocks coloured by level, oldest on the left; details on hover. */
export function HeartbeatStrip({ heartbeats }: { heartbeats: Heartbeat[] }) {
  return (
    <div className="heartbeat-strip">
      {heartbeats.map((heartbeat, index) => (
        <Tooltip key={`${heartbeat.created_at}-${index}`} content={<HeartbeatDetails heartbeat={heartbeat} />}>
          <span
            className={`heartbeat-block ${levelView(heartbeat.level).className}`}
            aria-label={`${formatTimestamp(heartbeat.created_at)} ${levelView(heartbeat.level).label}`}
          />
        </Tooltip>
      ))}
    </div>
  );
}
