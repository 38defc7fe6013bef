import type {
  WorkflowCompare,
  WorkflowCompareState,
  WorkflowProjectScorers,
  WorkflowRerunInput,
  WorkflowRerunStarted,
  WorkflowScorer,
  WorkflowDatasetFields,
  WorkflowEstimate,
  WorkflowExportFormat,
  WorkflowRunDetail,
  WorkflowRunInput,
  WorkflowRunPage,
  WorkflowRunStarted,
  WorkflowRunStatusView,
  WorkflowRunSummary,
  WorkflowRunView,
  WorkflowStreamEvent,
} from '@gw/shared';
import { buildHeaders, http } from '@/api/http';
import { createSseParser } from '@/lib/sse-parser';

/**
 * Workflow runs (spec 3 §2.6–2.7, §4, §7 "Workflows"; docs/console-api.md "Workflow runs"). Signed-in
 * users, own runs only; another user's run answers like a missing one (运行记录不存在).
 */

/** The fields the input node may ask of a dataset, and the one it should. */
export const datasetFields = (datasetId: number) => http.get<WorkflowDatasetFields>(`/api/workflow/dataset-fields/${datasetId}`);

/** The cost estimate of a whole-dataset run, before it starts. */
export const estimateRun = (input: WorkflowRunInput) => http.post<WorkflowEstimate>('/api/workflow/estimate', input);

/** Starts a whole-dataset run (response_mode 'direct', run_whole_data true): refused when the quota cannot cover the estimate. */
export const startRun = (input: WorkflowRunInput) =>
  http.post<WorkflowRunStarted>('/api/workflow/chat-messages', { ...input, response_mode: 'direct', run_whole_data: true });

export const runStatus = (id: number) => http.get<WorkflowRunStatusView>(`/api/workflow/run_status/${id}`);
/** The latest runs of one project (newest first, at most 20). */
export const appRuns = (appId: number) => http.get<{ list: WorkflowRunView[] }>(`/api/workflow/app-runs/${appId}`);
export const listRuns = (query: { page: number; page_size: number; search_key?: string }) =>
  http.get<WorkflowRunPage>('/api/workflow/runs', { page: query.page, page_size: query.page_size, search_key: query.search_key?.trim() || undefined });
export const runDetail = (id: number, page: number, page_size: number) => http.get<WorkflowRunDetail>(`/api/workflow/runs/${id}`, { page, page_size });
export const runSummary = (id: number) => http.get<WorkflowRunSummary>(`/api/workflow/runs-summary/${id}`);
export const cancelRun = (id: number) => http.post<WorkflowRunView>(`/api/workflow/runs/${id}/cancel`);
/** Succeeds when the reply's message is exactly WORKFLOW_RUN_DELETE_OK ('success', spec 3 §7). */
export const deleteRun = (id: number) => http.post<boolean>(`/api/workflow/runs/${id}/delete`);
/** The scorers saved with a project (issue 30): what the run dialog starts with. */
export const projectScorers = (appId: number) => http.get<WorkflowProjectScorers>(`/api/workflow/scorers/${appId}`);
export const saveProjectScorers = (appId: number, scorers: WorkflowScorer[]) => http.post<WorkflowProjectScorers>(`/api/workflow/scorers/${appId}`, { scorers });
/** Asks a finished run's failed (or all) answers again, and/or scores every answer with new scorers. */
export const rerunRun = (id: number, input: WorkflowRerunInput) => http.post<WorkflowRerunStarted>(`/api/workflow/runs/${id}/rerun`, input);
/** Two of the user's runs side by side: deltas per model and scorer, and (same dataset) the samples fixed or regressed. */
export const compareRuns = (query: { base: number; other: number; page: number; page_size: number; state?: WorkflowCompareState }) =>
  http.get<WorkflowCompare>('/api/workflow/runs/compare', query);

/** The export's address; the console downloads it with downloadFile (lib/download), which sends New-Api-User beside the session cookie. */
export const runExportUrl = (id: number, format: WorkflowExportFormat) => `/api/workflow/export/runs/${id}?format=${format}`;

/**
 * A streamed run of one query (response_mode 'streaming'): calls `onEvent` for every `data: {...}`
 * line until the stream ends. A refusal before the stream (a bad graph, no quota) throws with the
 * server's message.
 */
export async function streamRun(input: Omit<WorkflowRunInput, 'response_mode' | 'run_whole_data'>, onEvent: (event: WorkflowStreamEvent) => void, signal?: AbortSignal): Promise<void> {
  const path = '/api/workflow/chat-messages';
  const headers = buildHeaders(path, true);
  headers.set('Accept', 'text/event-stream');
  const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify({ ...input, response_mode: 'streaming' }), credentials: 'same-origin', signal });
  if (!(response.headers.get('Content-Type') ?? '').includes('text/event-stream') || !response.body) {
    const text = await response.text();
    let message = text || response.statusText;
    try {
      message = (JSON.parse(text) as { message?: string }).message || message;
    } catch {
      // not JSON: the text itself
    }
    throw new Error(message);
  }
  const reader = response.body.getReader();
  const parser = createSseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      for (const data of done ? parser.end() : parser.feed(value)) {
        if (data === '[DONE]') return;
        onEvent(JSON.parse(data) as WorkflowStreamEvent);
      }
      if (done) return;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
