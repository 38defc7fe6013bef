import { Alert, Space, Tag } from '@arco-design/web-react';
import type { ChannelMarginFigures } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { MarginText } from './margin-columns';
import { marginRateText } from './margin-view';

/** The totals of every row of the range; a warning when some requests' cost is unknown, so a margin never looks better than it is. */
export function MarginTotals({ totals, display }: { totals: ChannelMarginFigures; display: QuotaDisplay }) {
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }} aria-label="渠道收益合计">
        <Tag size="large" color="arcoblue">
          请求次数：{totals.request_count.toLocaleString('zh-CN')}
        </Tag>
        <Tag size="large" color="orange">
          收入：<QuotaText quota={totals.revenue_quota} display={display} />
        </Tag>
        <Tag size="large" color="purple">
          成本：<QuotaText quota={totals.cost_quota} display={display} />
        </Tag>
        <Tag size="large" color={totals.margin_quota < 0 ? 'red' : 'green'}>
          毛利：<MarginText quota={totals.margin_quota} display={display} />
        </Tag>
        <Tag size="large" color="cyan">
          毛利率：{marginRateText(totals.margin_rate)}
        </Tag>
      </Space>
      {totals.uncosted_count > 0 && (
        <Alert
          type="warning"
          style={{ marginBottom: 16 }}
          content={`${totals.uncosted_count.toLocaleString('zh-CN')} 次请求没有成本记录（设置成本倍率之前的日志或异步绘图/音乐任务），其成本未计入，毛利偏高`}
        />
      )}
    </>
  );
}
