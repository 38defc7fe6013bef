import { Tag } from '@arco-design/web-react';
import type { StatisticsFigures, StatisticsRow, StatisticsTokenRow, StatisticsUserRow } from '@gw/shared';
import type { StatisticsRowOf, StatisticsView } from '@/api/statistics';
import { QuotaText } from '@/components/quota-text';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { ratioText } from './statistics-view';

type Column<Row> = ResponsiveColumn<Row>;
const count = (value: number) => value.toLocaleString('zh-CN');

/** The token counts, quotas and the abnormal mark every view shows. */
function figureColumns<Row extends StatisticsFigures>(display: QuotaDisplay): Column<Row>[] {
  const tokens = (title: string, dataIndex: keyof StatisticsFigures, width = 110): Column<Row> => ({ title, dataIndex, width, align: 'right', render: count });
  return [
    { ...tokens('请求次数', 'request_count', 100), card: 'key' },
    { ...tokens('总 tokens', 'token_used', 120), card: 'key' },
    tokens('输入 tokens', 'prompt_token_used'),
    tokens('输出 tokens', 'complete_token_used'),
    tokens('缓存创建 tokens', 'cache_creation_input_token_used', 130),
    tokens('缓存读取 tokens', 'cache_read_input_token_used', 130),
    tokens('思考 tokens', 'thoughts_token_used'),
    tokens('音频输入 tokens', 'prompt_audio_tokens_used', 130),
    { title: '实际扣费', dataIndex: 'quota', width: 120, align: 'right', card: 'key', render: (quota: number) => <QuotaText quota={quota} display={display} digits={6} /> },
    { title: '计算额度', dataIndex: 'calculate_quota', width: 120, align: 'right', render: (quota: number) => <QuotaText quota={quota} display={display} digits={6} /> },
    {
      title: '状态',
      dataIndex: 'abnormal',
      width: 80,
      card: 'key',
      fixed: 'right',
      render: (abnormal: boolean) => (abnormal ? <Tag color="red">异常</Tag> : <Tag color="green">正常</Tag>),
    },
  ];
}

const ratio = (title: string, dataIndex: keyof StatisticsRow): Column<StatisticsRow> => ({ title, dataIndex, width: 90, align: 'right', render: ratioText });

/** The priced ratios of a detail row, under one header. */
const RATIO_GROUP: Column<StatisticsRow> = {
  title: '计费倍率',
  children: [
    ratio('分组', 'calculate_group_ratio'),
    ratio('输入', 'calculate_prompt_ratio'),
    ratio('补全', 'calculate_complete_ratio'),
    ratio('缓存创建', 'calculate_cache_creation_input_token_ratio'),
    ratio('缓存读取', 'calculate_cache_read_input_token_ratio'),
    ratio('思考', 'calculate_thoughts_token_ratio'),
    ratio('音频输入', 'calculate_prompt_audio_tokens_ratio'),
    { title: '按次价格', dataIndex: 'model_price', width: 100, align: 'right', render: (price: number | null) => (price === null ? '-' : `$${ratioText(price)}`) },
  ],
};

const userColumns = <Row extends StatisticsUserRow>(): Column<Row>[] => [
  { title: '用户ID', dataIndex: 'user_id', width: 80 },
  { title: '用户名', dataIndex: 'username', width: 120, card: 'key' },
];

const tokenColumns = <Row extends StatisticsTokenRow>(): Column<Row>[] => [
  { title: '令牌ID', dataIndex: 'token_id', width: 80 },
  { title: '令牌名称', dataIndex: 'token_name', width: 140, card: 'key' },
];

/** Every field of the view's rows, with Chinese headers (spec 2 §3 Statistics row). */
export function getColumns<V extends StatisticsView>(view: V, display: QuotaDisplay): Column<StatisticsRowOf[V]>[] {
  switch (view) {
    case 'user':
      return [...userColumns<StatisticsUserRow>(), ...figureColumns<StatisticsUserRow>(display)] as Column<StatisticsRowOf[V]>[];
    case 'token':
      return [...userColumns<StatisticsTokenRow>(), ...tokenColumns<StatisticsTokenRow>(), ...figureColumns<StatisticsTokenRow>(display)] as Column<StatisticsRowOf[V]>[];
    default:
      return [
        { title: '时间', dataIndex: 'day_time', width: 150, fixed: 'left', card: 'title' },
        { title: '实例', dataIndex: 'instance', width: 120 },
        ...userColumns<StatisticsRow>(),
        ...tokenColumns<StatisticsRow>(),
        { title: '模型名称', dataIndex: 'model_name', width: 180, card: 'key' },
        ...figureColumns<StatisticsRow>(display),
        RATIO_GROUP,
      ] as Column<StatisticsRowOf[V]>[];
  }
}
