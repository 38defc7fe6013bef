import type { SaveWorkflowInput, WorkflowView } from '@gw/shared';
import { http } from '@/api/http';

/**
 * The graph of a workflow project (spec 3 §4, §7 "Workflows"): the editor's draft is read and saved
 * here; the project itself is api/workflow-projects.ts and its runs api/workflow-runs.ts.
 */

export const getWorkflow = (appId: number | string) => http.get<WorkflowView>(`/api/workflow/${appId}`);
/** A refused graph answers success false with the first bad node or edge named in the message. */
export const saveWorkflow = (appId: number | string, input: SaveWorkflowInput) => http.post<WorkflowView>(`/api/workflow/${appId}`, input);
export const deleteWorkflowDraft = (draftId: number) => http.delete<boolean>(`/api/workflow/draft/${draftId}`);
