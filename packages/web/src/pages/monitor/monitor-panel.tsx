import { Empty, Skeleton, Spin, Typography } from '@arco-design/web-react';
import type { MonitorRow } from '@gw/shared';
import { Chart } from '@/components/chart';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { PAGE_SIZE_OPTIONS } from '@/lib/page-size';
import { formatTimestamp } from '@/lib/time';
import { getColumns } from './columns';
import { Filters } from './filters';
import { monitorCharts, monitorSeries, type MonitorTab } from './monitor-view';
import { useMonitor } from './use-monitor';

/** One tab of the monitor: filters, the three charts and the rows behind them. */
export function MonitorPanel({ tab, userId }: { tab: MonitorTab; userId?: number }) {
  const monitor = useMonitor(tab, userId);
  const { result, applied } = monitor;

  const body = () => {
    if (!result) return monitor.loading ? <Skeleton animation text={{ rows: 8 }} /> : <Empty description="该时间范围内没有数据" />;
    if (result.items.length === 0) return <Empty description="该时间范围内没有数据" />;
    return (
      <>
        <div className="monitor-charts">
          {monitorCharts(monitorSeries(result.items, tab), applied.timeType).map((chart) => (
            <Chart key={chart.key} title={chart.title} option={chart.option} />
          ))}
        </div>
        <ResponsiveTable<MonitorRow>
          rowKey={(row) => `${row.created_at}|${row.channel_id ?? row.token_id}|${row.model_name}`}
          columns={getColumns(tab, applied.timeType)}
          data={result.items}
          scroll={{ x: 1060 }}
          pagination={{ pageSize: 10, sizeCanChange: true, sizeOptions: PAGE_SIZE_OPTIONS, showTotal: true }}
        />
      </>
    );
  };

  return (
    <>
      <Filters tab={tab} value={monitor.form} options={monitor.options} onChange={monitor.setForm} onSearch={monitor.handleSearch} />
      {result && (
        <Typography.Paragraph type="secondary" className="monitor-updated">
          数据更新于 {formatTimestamp(result.updated_at)}
        </Typography.Paragraph>
      )}
      <Spin loading={monitor.loading && result !== null} block>
        {body()}
      </Spin>
    </>
  );
}
