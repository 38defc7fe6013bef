import type { MonitorRow, MonitorTimeType } from '@gw/shared';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { entityName, timeLabel, type MonitorTab } from './monitor-view';

const ms = (value: number | null) => (value === null ? '-' : `${Math.round(value)} ms`);

/** The monitor rows under the charts (spec 2 §3 Monitor row). */
export function getColumns(tab: MonitorTab, timeType: MonitorTimeType): ResponsiveColumn<MonitorRow>[] {
  return [
    { title: '时间', dataIndex: 'created_at', width: 140, card: 'title', render: (value: number) => timeLabel(timeType)(value) },
    { title: tab === 'upstream' ? '渠道' : '令牌', dataIndex: tab === 'upstream' ? 'channel_name' : 'token_name', width: 160, card: 'key', render: (_: unknown, row) => entityName(row, tab) },
    { title: '模型', dataIndex: 'model_name', width: 180, card: 'key' },
    { title: '成功率', dataIndex: 'success_rate', width: 90, align: 'right', card: 'key', render: (rate: number) => `${Number((rate * 100).toFixed(2))}%` },
    { title: '平均响应时间', dataIndex: 'avg_response_time', width: 120, align: 'right', card: 'key', render: ms },
    { title: '平均首字时间', dataIndex: 'avg_first_token_time', width: 120, align: 'right', render: ms },
    { title: '请求次数', dataIndex: 'total_count', width: 90, align: 'right', card: 'key' },
    { title: '成功', dataIndex: 'success_count', width: 80, align: 'right' },
    { title: '失败', dataIndex: 'error_count', width: 80, align: 'right' },
  ];
}
