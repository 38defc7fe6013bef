import type { WorkflowRunView } from '@gw/shared';
import { formatTime } from '@/pages/workflow/workflow-view';

/** What a run picker and the compare page show of a run (the compare reply's base/other, or a listed run). */
export interface RunChoice {
  id: number;
  app_title: string;
  source_name: string;
  created_at: number;
}

/** The compare page's address: `base` is the baseline, `other` the run compared with it. */
export const comparePath = (base: number, other: number): string => `/workflowResult/compare?base=${base}&other=${other}`;

/** Only a whole-data run that has stopped can be compared or run again (the server refuses the rest). */
export const isFinishedWholeRun = (run: WorkflowRunView): boolean => run.mode === 'direct' && run.status !== 'running';

/** One line naming a run in a picker: id, project, source and date. */
export const runChoiceLabel = (run: RunChoice): string => `#${run.id} ${run.app_title} · ${run.source_name || '—'} · ${formatTime(run.created_at)}`;
