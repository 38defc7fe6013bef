import type { LogItem } from '@/api/logs';
import { QuotaText } from '@/components/quota-text';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { parseOther } from './log-view';

/**
 * What a call cost the operator upstream and the channel's cost ratio then ('$0.000380（成本倍率 0.5）'),
 * for administrators (the server strips both from a user's own logs). Rows without a recorded cost
 * (errors, logs from before cost ratios, async tasks) show '-'.
 */
export function CostCell({ log, display }: { log: LogItem; display: QuotaDisplay }) {
  const { cost, cost_ratio: ratio } = parseOther(log);
  if (typeof cost !== 'number') return <>-</>;
  return (
    <span>
      <QuotaText quota={cost} display={display} digits={6} />
      {typeof ratio === 'number' && `（成本倍率 ${ratio}）`}
    </span>
  );
}
