import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { spreadsheetRow } from '../common/spreadsheet-cell';
import type { StatisticsFilterQuery } from './dto/statistics-query.dto';
import { StatisticsService, type StatisticsView } from './statistics.service';

type Column = { header: string; key: string; width?: number };

const FIGURE_COLUMNS: Column[] = [
  { header: '请求次数', key: 'request_count' },
  { header: '总 Tokens', key: 'token_used' },
  { header: '输入 Tokens', key: 'prompt_token_used' },
  { header: '输出 Tokens', key: 'complete_token_used' },
  { header: '缓存创建 Tokens', key: 'cache_creation_input_token_used' },
  { header: '缓存读取 Tokens', key: 'cache_read_input_token_used' },
  { header: '思考 Tokens', key: 'thoughts_token_used' },
  { header: '音频输入 Tokens', key: 'prompt_audio_tokens_used' },
  { header: '实际扣费额度', key: 'quota' },
  { header: '计算额度', key: 'calculate_quota' },
  { header: '异常', key: 'abnormal_text' },
];

const COLUMNS: Record<StatisticsView, Column[]> = {
  detail: [
    { header: '实例', key: 'instance', width: 20 },
    { header: '日期', key: 'day_time', width: 18 },
    { header: '用户名', key: 'username', width: 16 },
    { header: '令牌名称', key: 'token_name', width: 16 },
    { header: '模型名称', key: 'model_name', width: 24 },
    ...FIGURE_COLUMNS,
    { header: '分组倍率', key: 'calculate_group_ratio' },
    { header: '模型倍率', key: 'calculate_prompt_ratio' },
    { header: '补全倍率', key: 'calculate_complete_ratio' },
    { header: '缓存创建倍率', key: 'calculate_cache_creation_input_token_ratio' },
    { header: '缓存读取倍率', key: 'calculate_cache_read_input_token_ratio' },
    { header: '思考倍率', key: 'calculate_thoughts_token_ratio' },
    { header: '音频输入倍率', key: 'calculate_prompt_audio_tokens_ratio' },
    { header: '按次价格（美元）', key: 'model_price' },
  ],
  user: [{ header: '用户 ID', key: 'user_id' }, { header: '用户名', key: 'username', width: 16 }, ...FIGURE_COLUMNS],
  token: [
    { header: '用户名', key: 'username', width: 16 },
    { header: '令牌 ID', key: 'token_id' },
    { header: '令牌名称', key: 'token_name', width: 16 },
    ...FIGURE_COLUMNS,
  ],
};

const SHEET_NAMES: Record<StatisticsView, string> = { detail: '明细', user: '按用户', token: '按令牌' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The statistics exports (`/api/statistics/export`, `/exportUser`, `/exportToken`): every row of
 * the view under the filters, written with exceljs's streaming writer straight into the response,
 * with a totals row at the end.
 */
@Injectable()
export class StatisticsExport {
  constructor(private readonly statistics: StatisticsService) {}

  async write(view: StatisticsView, query: StatisticsFilterQuery, response: Response): Promise<void> {
    // Asked before the workbook, whose writer sends its first bytes at once: a refused range is
    // still the console's JSON. A failure after that is the exception filter's to cut short.
    const rows = this.statistics.all(view, query);
    const day = (ts: number) => this.statistics.label(ts);
    response.attachment(`statistics-${view}-${day(query.startTime)}-${day(query.endTime)}.xlsx`);
    response.setHeader('Content-Type', XLSX);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: response, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet(SHEET_NAMES[view]);
    sheet.columns = COLUMNS[view].map((column) => ({ ...column, width: column.width ?? 14 }));
    const totals = { request_count: 0, token_used: 0, quota: 0, calculate_quota: 0 };
    for await (const row of rows) {
      sheet.addRow(spreadsheetRow({ ...row, abnormal_text: row.abnormal ? '是' : '' })).commit();
      totals.request_count += row.request_count;
      totals.token_used += row.token_used;
      totals.quota += row.quota;
      totals.calculate_quota += row.calculate_quota;
    }
    sheet.addRow({ [COLUMNS[view][0].key]: '合计', ...totals }).commit();
    sheet.commit();
    await workbook.commit();
  }
}
