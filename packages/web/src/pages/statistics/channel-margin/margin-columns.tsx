import type { ChannelMarginGroup, ChannelMarginRow } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { channelText, marginRateText } from './margin-view';

type Column = ResponsiveColumn<ChannelMarginRow>;
const count = (value: number) => value.toLocaleString('zh-CN');

/** A margin with its sign in front ('-$0.20', not '$-0.20'); a loss reads red, so that a channel sold below its cost stands out. */
export function MarginText({ quota, display, digits }: { quota: number; display: QuotaDisplay; digits?: number }) {
  if (quota >= 0) return <QuotaText quota={quota} display={display} digits={digits} />;
  return (
    <span className="channel-margin-loss">
      -<QuotaText quota={-quota} display={display} digits={digits} />
    </span>
  );
}

/**
 * The 渠道收益 columns: who (channel, model or both), then requests, 收入, 成本, 毛利, 毛利率;
 * the tokens, the requests without a cost record and the token kinds the statistics row has no
 * column for wait in the row's expansion, so that the money fits a 1280 px screen. On a phone the card shows the channel or model and the money.
 */
export function getMarginColumns(groupBy: ChannelMarginGroup, display: QuotaDisplay): Column[] {
  const byChannel = groupBy !== 'model';
  const quota = (title: string, dataIndex: keyof ChannelMarginRow): Column => ({
    title,
    dataIndex,
    width: 115,
    align: 'right',
    card: 'key',
    render: (value: number) => <QuotaText quota={value} display={display} digits={6} />,
  });
  const who: Column[] = [
    ...(byChannel
      ? [
          { title: '渠道', dataIndex: 'channel_name', width: 170, ellipsis: true, card: 'title', render: (_: unknown, row: ChannelMarginRow) => channelText(row) } satisfies Column,
          { title: '成本倍率', dataIndex: 'cost_ratio', width: 90, align: 'right', render: (ratio: number | null) => (ratio === null ? '-' : ratio) } satisfies Column,
        ]
      : []),
    ...(groupBy !== 'channel' ? [{ title: '模型', dataIndex: 'model_name', width: 180, ellipsis: true, card: byChannel ? 'key' : 'title' } satisfies Column] : []),
  ];
  return [
    ...who,
    { title: '请求次数', dataIndex: 'request_count', width: 90, align: 'right', card: 'key', render: count },
    { title: '总 tokens', dataIndex: 'token_used', inExpandedRow: true, render: count },
    quota('收入', 'revenue_quota'),
    quota('成本', 'cost_quota'),
    { title: '毛利', dataIndex: 'margin_quota', width: 115, align: 'right', card: 'key', render: (value: number) => <MarginText quota={value} display={display} digits={6} /> },
    { title: '毛利率', dataIndex: 'margin_rate', width: 80, align: 'right', card: 'key', render: marginRateText },
    { title: '无成本记录的请求', dataIndex: 'uncosted_count', inExpandedRow: true, render: count },
    { title: '1 小时缓存写入 tokens', dataIndex: 'cache_creation_1h_tokens', inExpandedRow: true, render: count },
    { title: '音频输出 tokens', dataIndex: 'completion_audio_tokens', inExpandedRow: true, render: count },
    { title: '图片输入 tokens', dataIndex: 'prompt_image_tokens', inExpandedRow: true, render: count },
    { title: '图片输出 tokens', dataIndex: 'completion_image_tokens', inExpandedRow: true, render: count },
  ];
}
