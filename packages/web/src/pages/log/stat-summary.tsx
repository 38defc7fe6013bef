import { Space, Tag } from '@arco-design/web-react';
import type { LogStat } from '@/api/logs';
import { QuotaText } from '@/components/quota-text';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';

/** Quota spent in the filtered range, and the requests and tokens of the last minute. */
export function StatSummary({ stat, display }: { stat: LogStat; display: QuotaDisplay }) {
  return (
    <Space wrap style={{ marginBottom: 16 }} aria-label="日志统计">
      <Tag color="arcoblue" size="large">
        消耗额度：<QuotaText quota={stat.quota} display={display} />
      </Tag>
      <Tag color="magenta" size="large">
        RPM：{stat.rpm}
      </Tag>
      <Tag color="orange" size="large">
        TPM：{stat.tpm}
      </Tag>
    </Space>
  );
}
