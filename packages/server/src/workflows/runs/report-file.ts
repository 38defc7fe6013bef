import type { WorkflowRunStatus, WorkflowSourceKind } from '@gw/shared';
import type ExcelJS from 'exceljs';
import type { Response } from 'express';
import { spreadsheetCell, spreadsheetRow } from '../../common/spreadsheet-cell';
import type { WorkflowReportFormat } from '@gw/shared';

/** What the reports of a run and of a comparison share: the file they answer with, labels, number formats and the xlsx sheets. */

/** A report ready to send: its file name, content type and content. */
export interface ReportFile {
  name: string;
  type: string;
  body: Buffer | string;
}

export const REPORT_CONTENT_TYPES: Record<WorkflowReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/** Sends a report as a download (never shown in place: the HTML opens from the user's disk). */
export function sendReport(response: Response, file: ReportFile): void {
  response.attachment(file.name);
  response.setHeader('Content-Type', file.type);
  response.setHeader('Cache-Control', 'no-store');
  response.send(file.body);
}

export const STATUS_LABELS: Record<WorkflowRunStatus, string> = { running: '运行中', succeeded: '已完成', failed: '失败', cancelled: '已取消' };
export const SOURCE_LABELS: Record<WorkflowSourceKind, string> = { query: '输入问题', dataset: '数据集', file: '文件' };

export const percentText = (value: number | null): string => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);
export const numberText = (value: number | null, digits: number): string => (value === null ? '—' : value.toFixed(digits));
export const moneyText = (value: number | null): string => (value === null ? '—' : `$${value.toFixed(6)}`);

/** Unix seconds as "2026-12-01 18:51" in the server's statistics time zone (STATS_TIMEZONE), which the report names. */
export function reportTime(seconds: number, timeZone: string): string {
  if (!seconds) return '—';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(seconds * 1000))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** An xlsx cell holds at most this many characters. */
const EXCEL_CELL_MAX = 32_767;

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
  /** An Excel number format, e.g. '0.0%'. */
  numFmt?: string;
}

/**
 * A sheet of rows: every text cell spreadsheet-safe (a name starting with "=" is shown, never
 * run), cut to what a cell holds after the apostrophe is added.
 */
export function addSheet(workbook: ExcelJS.Workbook, name: string, columns: SheetColumn[], rows: Array<Record<string, string | number | null>>): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name);
  // Headers carry scorer and model names too.
  sheet.columns = columns.map((column) => ({
    header: String(spreadsheetCell(column.header)).slice(0, EXCEL_CELL_MAX),
    key: column.key,
    width: column.width,
    style: column.numFmt ? { numFmt: column.numFmt } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const cells = spreadsheetRow(row);
    sheet.addRow(Object.fromEntries(Object.entries(cells).map(([key, value]) => [key, typeof value === 'string' ? value.slice(0, EXCEL_CELL_MAX) : value])));
  }
  return sheet;
}

export async function workbookBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
