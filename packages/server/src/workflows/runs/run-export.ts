import type { WorkflowExportFormat, WorkflowScoreView } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import type { Response } from 'express';
import { spreadsheetRow } from '../../common/spreadsheet-cell';
import { PoolDb } from '../../database/pool-db';
import type { RunRow } from './run-store';
import { type ScoreRow, toScoreView } from './run-views';

/** One exported line: a sample's answer by one model (one line per repeat). */
interface ExportRow {
  index: number;
  model: string;
  repeat: number;
  question: string;
  reference: string;
  answer: string;
  score: number | null;
  score_kind: string | null;
  status: string;
  error: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  use_time_ms: number;
  first_token_ms: number;
  /** Every scorer's verdict by name. */
  scores: Record<string, WorkflowScoreView>;
}

/** The columns of the xlsx file, in Chinese, with the field each shows. */
const EXCEL_COLUMNS: Array<{ header: string; key: keyof ExportRow; width: number }> = [
  { header: '样本序号', key: 'index', width: 10 },
  { header: '模型', key: 'model', width: 24 },
  { header: '第几次', key: 'repeat', width: 8 },
  { header: '问题', key: 'question', width: 60 },
  { header: '参考答案', key: 'reference', width: 20 },
  { header: '回答', key: 'answer', width: 80 },
  { header: '得分（第一个评分）', key: 'score', width: 8 },
  { header: '评分方式', key: 'score_kind', width: 10 },
  { header: '状态', key: 'status', width: 10 },
  { header: '错误', key: 'error', width: 30 },
  { header: '额度', key: 'quota', width: 12 },
  { header: '提示 tokens', key: 'prompt_tokens', width: 12 },
  { header: '回答 tokens', key: 'completion_tokens', width: 12 },
  { header: '耗时(ms)', key: 'use_time_ms', width: 12 },
  { header: '首字时间(ms)', key: 'first_token_ms', width: 14 },
];

/** Rows read at a time: the export's memory is one page, whatever the run's size. */
const EXPORT_PAGE = 1000;

/** An xlsx cell holds at most this many characters. */
const EXCEL_CELL_MAX = 32_767;

const FILE_EXTENSIONS: Record<WorkflowExportFormat, string> = { excel: 'xlsx', json: 'json', jsonl: 'jsonl' };
const CONTENT_TYPES: Record<WorkflowExportFormat, string> = {
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/**
 * A run's answers as a file (spec 3 §2.7; issue 16): one row per sample and model, read page by
 * page and written as it is read — JSON lines, a JSON array, or xlsx through exceljs's streaming
 * writer — so a run of any size exports with flat memory. Writes respect the response's
 * back-pressure.
 */
@Injectable()
export class RunExport {
  constructor(private readonly db: PoolDb) {}

  async write(run: RunRow, format: WorkflowExportFormat, response: Response): Promise<void> {
    response.attachment(`workflow-run-${run.id}.${FILE_EXTENSIONS[format]}`);
    response.setHeader('Content-Type', CONTENT_TYPES[format]);
    if (format === 'excel') return this.writeExcel(run, response);
    let first = true;
    if (format === 'json') await this.push(response, '[');
    for await (const row of this.rows(run)) {
      const line = JSON.stringify(row);
      await this.push(response, format === 'json' ? `${first ? '\n' : ',\n'}${line}` : `${line}\n`);
      first = false;
    }
    if (format === 'json') await this.push(response, '\n]\n');
    response.end();
  }

  private async writeExcel(run: RunRow, response: Response): Promise<void> {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: response, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet('运行结果');
    // Two columns per scorer: its verdict and its reason.
    const scoreColumns = run.scorers.flatMap((scorer, index) => [
      { header: `评分：${scorer.name}`, key: `score_${index}`, width: 12 },
      { header: `评分理由：${scorer.name}`, key: `reason_${index}`, width: 30 },
    ]);
    sheet.columns = [...EXCEL_COLUMNS, ...scoreColumns];
    for await (const { scores, ...row } of this.rows(run)) {
      const verdicts: Record<string, string | number | null> = {};
      run.scorers.forEach((scorer, index) => {
        const score = scores[scorer.name];
        verdicts[`score_${index}`] = !score ? null : score.passed === null ? (score.value ?? score.status) : score.passed ? '通过' : '未通过';
        verdicts[`reason_${index}`] = score ? score.reason.slice(0, EXCEL_CELL_MAX) : null;
      });
      // Cut after the apostrophe is added, so that the cell stays within the limit and keeps it.
      const cells = spreadsheetRow({ ...row, ...verdicts });
      sheet.addRow({ ...cells, question: cells.question.slice(0, EXCEL_CELL_MAX), answer: cells.answer.slice(0, EXCEL_CELL_MAX), reference: cells.reference.slice(0, EXCEL_CELL_MAX) }).commit();
    }
    sheet.commit();
    await workbook.commit();
  }

  /** Every answer of the run with its sample and scores, in order, a page at a time (keyset on idx, col, rep). */
  private async *rows(run: RunRow): AsyncGenerator<ExportRow> {
    let after = { idx: -1, col: -1, rep: -1 };
    for (;;) {
      const page = await this.db.query<
        Omit<ExportRow, 'model' | 'index' | 'repeat' | 'score' | 'score_kind' | 'scores'> & { idx: number; col: number; rep: number; input: string; scores: ScoreRow[] | null }
      >(
        `SELECT a.idx, a.col, a.rep, s.input, s.reference, a.answer, a.status, a.error, a.quota::float8 AS quota,
                a.prompt_tokens, a.completion_tokens, a.use_time_ms, a.first_token_ms,
                (SELECT jsonb_agg(jsonb_build_object('scorer', c.scorer, 'status', c.status, 'kind', c.kind, 'value', c.value, 'label', c.label,
                                                     'passed', c.passed, 'reason', c.reason, 'raw', c.raw) ORDER BY c.scorer)
                   FROM workflow_run_scores c WHERE c.run_id = a.run_id AND c.idx = a.idx AND c.col = a.col AND c.rep = a.rep) AS scores
           FROM workflow_run_answers a JOIN workflow_run_samples s ON s.run_id = a.run_id AND s.idx = a.idx
          WHERE a.run_id = $1 AND (a.idx, a.col, a.rep) > ($2, $3, $4) ORDER BY a.idx, a.col, a.rep LIMIT $5`,
        [run.id, after.idx, after.col, after.rep, EXPORT_PAGE],
      );
      for (const row of page) {
        const scores = row.scores ?? [];
        const first = scores.find((score) => score.scorer === 0);
        yield {
          index: row.idx + 1,
          model: run.models[row.col] ?? String(row.col),
          repeat: row.rep + 1,
          question: row.input,
          reference: row.reference,
          answer: row.answer,
          score: first?.passed == null ? null : first.passed ? 1 : 0,
          score_kind: first?.kind ?? null,
          status: row.status,
          error: row.error,
          quota: row.quota,
          prompt_tokens: row.prompt_tokens,
          completion_tokens: row.completion_tokens,
          use_time_ms: row.use_time_ms,
          first_token_ms: row.first_token_ms,
          scores: Object.fromEntries(scores.filter((score) => run.scorers[score.scorer]).map((score) => [run.scorers[score.scorer].name, toScoreView(score)])),
        };
      }
      if (page.length < EXPORT_PAGE) return;
      const last = page[page.length - 1];
      after = { idx: last.idx, col: last.col, rep: last.rep };
    }
  }

  /** Writes and waits for 'drain' when the response's buffer is full (a slow download holds the reading back). */
  private async push(response: Response, text: string): Promise<void> {
    if (response.write(text)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        response.off('drain', done);
        response.off('close', done);
        resolve();
      };
      response.on('drain', done);
      response.on('close', done);
    });
  }
}
