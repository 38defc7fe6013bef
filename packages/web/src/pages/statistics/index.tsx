import { useState } from 'react';
import { Button, Card, Empty, Skeleton, Space, Tabs, Typography } from '@arco-design/web-react';
import { IconDownload, IconRefresh } from '@arco-design/web-react/icon';
import type { StatisticsView } from '@/api/statistics';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { PAGE_SIZE_OPTIONS } from '@/lib/page-size';
import { formatTimestamp } from '@/lib/time';
import { readQuotaDisplay, type QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { ChannelMarginView } from './channel-margin/channel-margin';
import { getColumns } from './columns';
import { SearchForm } from './search-form';
import { VIEW_TABS, withKeys } from './statistics-view';
import { Totals } from './totals';
import { useInstances, useStatistics } from './use-statistics';
import './statistics.css';

/** The 渠道收益 tab: its own filters and rows (channel-margin/), beside the usage views. */
const MARGIN_TAB = 'margin';

/**
 * 计费管理 (the sidebar entry of spec 1 §2.2; spec 2 statistics page): detail, per-user and per-token
 * usage with totals and export, and 渠道收益 (revenue, cost and margin per channel and model).
 */
export default function StatisticsPage() {
  const stats = useStatistics();
  const instances = useInstances();
  const display = readQuotaDisplay();
  const [marginShown, setMarginShown] = useState(false);
  const current = marginShown ? null : stats.current;

  const handleTabChange = (key: string) => {
    setMarginShown(key === MARGIN_TAB);
    if (key !== MARGIN_TAB) stats.handleViewChange(key as StatisticsView);
  };

  return (
    <Card
      title="计费管理"
      extra={
        <Space wrap>
          {current && <Typography.Text type="secondary">数据更新于 {formatTimestamp(current.updated_at)}</Typography.Text>}
          <Button icon={<IconRefresh />} loading={stats.refreshing} onClick={stats.handleRefresh}>
            立即更新
          </Button>
          {!marginShown && (
            <Button icon={<IconDownload />} loading={stats.exporting} onClick={stats.handleExport}>
              导出
            </Button>
          )}
        </Space>
      }
    >
      <Tabs activeTab={marginShown ? MARGIN_TAB : stats.view} onChange={handleTabChange}>
        {VIEW_TABS.map((tab) => (
          <Tabs.TabPane key={tab.key} title={tab.title} />
        ))}
        <Tabs.TabPane key={MARGIN_TAB} title="渠道收益" />
      </Tabs>
      {marginShown ? (
        <ChannelMarginView display={display} version={stats.version} />
      ) : (
        <UsageViews stats={stats} instances={instances} display={display} />
      )}
    </Card>
  );
}

/** The detail, per-user and per-token views: filters, totals and the paged rows. */
function UsageViews({ stats, instances, display }: { stats: ReturnType<typeof useStatistics>; instances: string[]; display: QuotaDisplay }) {
  const current = stats.current;
  return (
    <>
      <SearchForm initialValues={stats.filters} instances={instances} showDateType={stats.view === 'detail'} onSearch={stats.handleSearch} />
      {!current && stats.loading ? (
        <Skeleton animation text={{ rows: 6 }} />
      ) : (
        <>
          {current && <Totals page={current} display={display} />}
          <ResponsiveTable
            rowKey="key"
            border={{ wrapper: true, cell: true }}
            columns={getColumns(stats.view, display)}
            data={withKeys(current?.items ?? [])}
            loading={stats.loading}
            scroll={{ x: stats.view === 'detail' ? 2600 : 1500 }}
            noDataElement={<Empty description="该时间范围内没有数据" />}
            rowClassName={(row) => (row.abnormal ? 'statistics-row-abnormal' : '')}
            pagination={{
              current: stats.page,
              pageSize: stats.pageSize,
              total: current?.total ?? 0,
              showTotal: true,
              sizeCanChange: true,
              sizeOptions: PAGE_SIZE_OPTIONS,
              onChange: stats.handlePageChange,
            }}
          />
        </>
      )}
    </>
  );
}
