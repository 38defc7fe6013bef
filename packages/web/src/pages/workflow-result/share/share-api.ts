import { type RunShareCreated, type RunShareState, type SharedRun, WORKFLOW_REPORT_FORMATS, type WorkflowReportFormat, type WorkflowRunDetail } from '@gw/shared';
import { type ApiReply, HttpError, http } from '@/api/http';

/**
 * Reports and share links of workflow runs (issue 30; docs/console-api.md "Workflow runs"). The
 * owner's calls go through the console client; the shared page's calls are plain fetches that send
 * no cookie and no user header, so that the page works for anyone holding the link and nothing it
 * does needs a session.
 */

/** The files a report comes as. */
export const REPORT_FORMATS = WORKFLOW_REPORT_FORMATS;
export type ReportFormat = WorkflowReportFormat;
export const REPORT_LABELS: Record<ReportFormat, string> = { xlsx: 'Excel (.xlsx)', json: 'JSON', html: 'HTML 报告' };

/** A run's report address; the menu downloads it with downloadFile (lib/download), which sends New-Api-User beside the session cookie. */
export const runReportUrl = (id: number, format: ReportFormat) => `/api/workflow/runs/${id}/report?format=${format}`;
export const compareReportUrl = (base: number, other: number, format: ReportFormat) => `/api/workflow/runs/compare/report?base=${base}&other=${other}&format=${format}`;

export const createRunShare = (id: number) => http.post<RunShareCreated>(`/api/workflow/runs/${id}/share`);
export const runShareState = (id: number) => http.get<RunShareState>(`/api/workflow/runs/${id}/share`);
export const revokeRunShare = (id: number) => http.post<RunShareState>(`/api/workflow/runs/${id}/share/revoke`);

/** The shared page's address as the owner copies it. */
export const shareLink = (path: string) => `${window.location.origin}${path}`;

async function publicGet<T>(path: string): Promise<ApiReply<T>> {
  const response = await fetch(path, { credentials: 'omit', headers: { 'Cache-Control': 'no-store' } });
  const text = await response.text();
  let reply: ApiReply<T> | undefined;
  try {
    reply = JSON.parse(text) as ApiReply<T>;
  } catch {
    // not the envelope: a proxy's page
  }
  if (!response.ok || !reply) throw new HttpError(response.status, reply?.message || response.statusText);
  return reply;
}

const sharePath = (token: string) => `/api/share/run/${encodeURIComponent(token)}`;
export const sharedRun = (token: string) => publicGet<SharedRun>(sharePath(token));
export const sharedSamples = (token: string, page: number, pageSize: number) => publicGet<WorkflowRunDetail>(`${sharePath(token)}/samples?page=${page}&page_size=${pageSize}`);
