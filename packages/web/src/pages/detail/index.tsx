import { useState } from 'react';
import { Card, Empty, Input, Radio, Skeleton, Space, Spin, Typography } from '@arco-design/web-react';
import { ROLE_ADMIN, STATS_FILTER_MAX_LENGTH } from '@gw/shared';
import { Chart } from '@/components/chart';
import { formatTimestamp } from '@/lib/time';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import { useUserStore } from '@/stores/user';
import { GRANULARITY_OPTIONS, GROUPING_OPTIONS, PRESET_OPTIONS, dashboardCharts, type DashboardGrouping } from './dashboard-view';
import { SummaryCards } from './summary-cards';
import { useDashboard } from './use-dashboard';
import './detail.css';

/**
 * 数据看板 (/detail): the range's balance, spending, requests, RPM and TPM, and charts over time by
 * model (administrators also by channel). Administrators may name a user; empty means everyone.
 */
export default function DashboardPage() {
  const isAdmin = useUserStore((state) => (state.user?.role ?? 0) >= ROLE_ADMIN);
  const dashboard = useDashboard(isAdmin);
  const [grouping, setGrouping] = useState<DashboardGrouping>('model');
  const display = readQuotaDisplay();
  const { result } = dashboard;

  const body = () => {
    if (!result) return dashboard.loading ? <Skeleton animation text={{ rows: 8 }} /> : <Empty description="该时间范围内没有数据" />;
    return (
      <>
        <SummaryCards cards={result.cards} display={display} />
        {result.points.length === 0 ? (
          <Empty description="该时间范围内没有数据" />
        ) : (
          <div className="dashboard-charts">
            {dashboardCharts(result.points, isAdmin ? grouping : 'model', dashboard.granularity, display).map((chart) => (
              <Chart key={chart.key} title={chart.title} option={chart.option} />
            ))}
          </div>
        )}
      </>
    );
  };

  return (
    <Card title="数据看板" extra={result && <Typography.Text type="secondary">数据更新于 {formatTimestamp(result.updated_at)}</Typography.Text>}>
      <Space wrap size={12} className="dashboard-toolbar">
        <Radio.Group type="button" aria-label="时间范围" options={PRESET_OPTIONS} value={dashboard.preset} onChange={dashboard.setPreset} />
        <Radio.Group type="button" aria-label="时间粒度" options={GRANULARITY_OPTIONS} value={dashboard.granularity} onChange={dashboard.setGranularity} />
        {isAdmin && (
          <>
            <Radio.Group type="button" aria-label="图表分组" options={GROUPING_OPTIONS} value={grouping} onChange={setGrouping} />
            <Input.Search
              aria-label="用户名"
              allowClear
              maxLength={STATS_FILTER_MAX_LENGTH}
              placeholder="用户名（留空为全部用户）"
              style={{ width: 240, maxWidth: '100%' }}
              searchButton="查询"
              onSearch={dashboard.setUsername}
              onClear={() => dashboard.setUsername('')}
            />
          </>
        )}
      </Space>
      <Spin loading={dashboard.loading && result !== null} block>
        {body()}
      </Spin>
    </Card>
  );
}
