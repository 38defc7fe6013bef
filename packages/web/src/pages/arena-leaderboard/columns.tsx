import type { TableColumnProps } from '@arco-design/web-react';
import type { ArenaRating } from '@gw/shared';
import { formatCost, formatFirstToken, formatPercent, formatRating, type IntervalScale } from './board-format';
import { IntervalBar } from './interval-bar';

export interface RankedRating extends ArenaRating {
  rank: number;
}

/**
 * The leaderboard's columns; the interval bars share `scale`. Rank and model stay at the left while
 * the rest scrolls sideways (phones).
 */
export function getColumns(scale: IntervalScale): TableColumnProps<RankedRating>[] {
  return [
    { title: '排名', dataIndex: 'rank', width: 64, align: 'center', fixed: 'left' },
    {
      title: '模型',
      dataIndex: 'model',
      width: 172,
      fixed: 'left',
      render: (model: string) => (
        <span className="arena-board-model" title={model}>
          {model}
        </span>
      ),
    },
    { title: '评分', dataIndex: 'rating', width: 72, align: 'right', render: (rating: number) => <strong>{formatRating(rating)}</strong> },
    { title: '95% 区间', key: 'interval', width: 200, render: (_: unknown, row) => <IntervalBar rating={row} scale={scale} /> },
    { title: '对战数', dataIndex: 'battles', width: 72, align: 'right' },
    { title: '胜/平', key: 'wins', width: 72, align: 'right', render: (_: unknown, row) => `${row.wins}/${row.ties}` },
    { title: '胜率', dataIndex: 'win_rate', width: 80, align: 'right', render: (rate: number) => formatPercent(rate) },
    { title: '平均费用', dataIndex: 'mean_cost', width: 100, align: 'right', render: (cost: number) => formatCost(cost) },
    { title: '平均首字时间', dataIndex: 'mean_first_token_ms', width: 110, align: 'right', render: (ms: number) => formatFirstToken(ms) },
  ];
}
