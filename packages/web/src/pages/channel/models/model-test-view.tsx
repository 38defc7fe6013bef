import { Spin, Tag, Tooltip } from '@arco-design/web-react';
import type { ModelTestResult } from '@/api/channel-models';

const CHANGES: Record<NonNullable<ModelTestResult['model_status_change']>, string> = {
  disabled: '模型已在该渠道被自动禁用',
  enabled: '模型已在该渠道恢复启用',
};

/** The model's last test in this drawer: result, seconds and endpoint, the upstream's words when it failed. */
export function ModelTestView({ result, testing }: { result?: ModelTestResult; testing: boolean }) {
  if (testing) return <Spin size={14} tip="测试中" />;
  if (!result) return <span className="channel-model-note">未测试</span>;
  return (
    <div className="channel-model-test">
      <div>
        <Tag color={result.success ? 'green' : 'red'}>{result.success ? '成功' : '失败'}</Tag>
        <span>{result.time.toFixed(2)} 秒</span>
      </div>
      <div className="channel-model-note">{result.endpoint}</div>
      {!result.success && result.message && (
        <Tooltip content={<div className="channel-model-full">{result.message}</div>}>
          <div className="channel-model-note channel-model-clamp">{result.message}</div>
        </Tooltip>
      )}
      {result.model_status_change && <div className="channel-model-note">{CHANGES[result.model_status_change]}</div>}
    </div>
  );
}
