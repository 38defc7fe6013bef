import { Empty, Skeleton, Typography } from '@arco-design/web-react';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { PAGE_SIZE_OPTIONS } from '@/lib/page-size';
import { formatTimestamp } from '@/lib/time';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { getMarginColumns } from './margin-columns';
import { MarginSearchForm } from './margin-search-form';
import { MarginTotals } from './margin-totals';
import { rowKey } from './margin-view';
import { useChannelMargin } from './use-channel-margin';

/**
 * 渠道收益 (issue 29): per channel, model or channel × model, what users were charged (收入), what
 * the upstream calls cost at each channel's cost ratio (成本), and the difference (毛利, 毛利率).
 */
export function ChannelMarginView({ display, version }: { display: QuotaDisplay; version: number }) {
  const margin = useChannelMargin(version);
  const page = margin.page;
  return (
    <>
      <MarginSearchForm initialValues={margin.filters} onSearch={margin.handleSearch} />
      {!page && margin.loading ? (
        <Skeleton animation text={{ rows: 6 }} />
      ) : (
        <>
          {page && (
            <>
              <Typography.Paragraph type="secondary">
                收入为向用户实际扣除的额度；成本为官方价格（不含用户分组倍率）× 渠道的成本倍率，在渠道编辑中设置。数据更新于 {formatTimestamp(page.updated_at)}
              </Typography.Paragraph>
              <MarginTotals totals={page.totals} display={display} />
            </>
          )}
          <ResponsiveTable
            rowKey={rowKey}
            border={{ wrapper: true, cell: true }}
            columns={getMarginColumns(page?.group_by ?? margin.filters.groupBy, display)}
            data={page?.items ?? []}
            loading={margin.loading}
            noDataElement={<Empty description="该时间范围内没有数据" />}
            pagination={{ defaultPageSize: 20, showTotal: true, sizeCanChange: true, sizeOptions: PAGE_SIZE_OPTIONS }}
          />
        </>
      )}
    </>
  );
}
