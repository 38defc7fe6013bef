import { Message } from '@arco-design/web-react';
import { WORKFLOW_RUN_DELETE_OK, type WorkflowExportFormat, type WorkflowRunStatus, type WorkflowRunView, type WorkflowSourceKind } from '@gw/shared';
import { HttpError, showError } from '@/api/http';
import { deleteRun } from '@/api/workflow-runs';
import { failureText } from '@/pages/workflow/workflow-view';

/** What the run list and the run detail share: status labels, the record passed between them, the delete. */

export const RUN_STATUS_LABELS: Record<WorkflowRunStatus, string> = { running: '运行中', succeeded: '已完成', failed: '失败', cancelled: '已取消' };
export const RUN_STATUS_COLORS: Record<WorkflowRunStatus, string> = { running: 'arcoblue', succeeded: 'green', failed: 'red', cancelled: 'gray' };
export const SOURCE_LABELS: Record<WorkflowSourceKind, string> = { query: '输入问题', dataset: '数据集', file: '文件' };

/** The catalogue has no message of its own for these. */
export const MSG_RUN_DELETE_FAILED = '删除运行记录失败';
export const MSG_RUN_DELETED = '运行记录已删除';
export const MSG_RUN_CANCEL_FAILED = '取消运行失败';

/** The query parameter that carries the run record to the detail page (spec 3 §2.7). */
export const RECORD_PARAM = 'record';

/** The detail page's address with the run record encoded into it, so that a reload or a shared link still shows the header at once. */
export const runDetailPath = (run: WorkflowRunView): string => `/workflowResult/${run.id}?${RECORD_PARAM}=${encodeURIComponent(JSON.stringify(run))}`;

/** A run id from the address: a positive integer, else null. */
export function parseRunId(text: string | undefined): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const isRun = (value: unknown, id: number): value is WorkflowRunView =>
  typeof value === 'object' && value !== null && (value as WorkflowRunView).id === id && Array.isArray((value as WorkflowRunView).models);

/** The run record handed over by the list: router state first, then the `record` parameter; only when it is the run of this page. */
export function handedRun(id: number, state: unknown, recordParam: string | null): WorkflowRunView | null {
  const fromState = (state as { run?: unknown } | null)?.run;
  if (isRun(fromState, id)) return fromState;
  if (!recordParam) return null;
  try {
    const parsed: unknown = JSON.parse(recordParam);
    return isRun(parsed, id) ? parsed : null;
  } catch {
    return null;
  }
}

/** done/total with the failures, e.g. "8/10（失败 1）". */
export const progressText = (done: number, total: number, failed: number): string => `${done}/${total}${failed > 0 ? `（失败 ${failed}）` : ''}`;

/** Deletes a run: a success only when the reply's message is exactly WORKFLOW_RUN_DELETE_OK (spec 3 §7); otherwise a toast. */
export async function deleteRunChecked(id: number): Promise<boolean> {
  try {
    const reply = await deleteRun(id);
    if (reply.success && reply.message === WORKFLOW_RUN_DELETE_OK) {
      Message.success(MSG_RUN_DELETED);
      return true;
    }
    Message.error(failureText(MSG_RUN_DELETE_FAILED, reply.success ? undefined : reply.message));
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) showError(error);
    else Message.error(failureText(MSG_RUN_DELETE_FAILED, error instanceof HttpError ? error.message : undefined));
  }
  return false;
}

export const EXPORT_EXTENSIONS: Record<WorkflowExportFormat, string> = { excel: 'xlsx', json: 'json', jsonl: 'jsonl' };
export const EXPORT_LABELS: Record<WorkflowExportFormat, string> = { excel: 'Excel (.xlsx)', json: 'JSON', jsonl: 'JSON Lines' };
