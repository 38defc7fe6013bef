import { Space, Tag } from '@arco-design/web-react';
import type { StatisticsPage } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';

/** The totals of every row matching the filters, not only the page shown. */
export function Totals({ page, display }: { page: StatisticsPage<unknown>; display: QuotaDisplay }) {
  return (
    <Space wrap style={{ marginBottom: 16 }} aria-label="统计合计">
      <Tag size="large">记录数：{page.total.toLocaleString('zh-CN')}</Tag>
      <Tag size="large" color="arcoblue">
        请求次数：{page.totalRequests.toLocaleString('zh-CN')}
      </Tag>
      <Tag size="large" color="cyan">
        总 tokens：{page.totalTokens.toLocaleString('zh-CN')}
      </Tag>
      <Tag size="large" color="orange">
        实际扣费：<QuotaText quota={page.totalQuota} display={display} />
      </Tag>
      <Tag size="large" color="purple">
        计算额度：<QuotaText quota={page.totalCalculateQuota} display={display} />
      </Tag>
    </Space>
  );
}
