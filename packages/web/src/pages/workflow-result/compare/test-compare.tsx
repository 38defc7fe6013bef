import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route as RouterRoute, Routes } from 'react-router-dom';
import type { WorkflowCompare, WorkflowCompareRow, WorkflowCompareSample } from '@gw/shared';
import { fakeApi, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import WorkflowResultPage from '../index';
import WorkflowRunDetailPage from '../detail';
import WorkflowRunComparePage from './index';

/** Test support for the compare page and its entry points: comparison factories, and the pages against a fake API. */

export const COMPARE = 'GET /api/workflow/runs/compare';

export function makeCompareRow(fields: Partial<WorkflowCompareRow> = {}): WorkflowCompareRow {
  return { model_id: 'gpt-4o', scorer: '参考答案', metric: 'pass_rate', base: 0.8, other: 0.85, delta: 0.05, ...fields };
}

export function makeCompareSample(fields: Partial<WorkflowCompareSample> = {}): WorkflowCompareSample {
  return {
    index: 0,
    question: JSON.stringify({ messages: [{ role: 'user', content: '1+1=? A.1 B.2' }] }),
    reference: 'B',
    models: { 'gpt-4o': { base: false, other: true, state: 'fixed' } },
    ...fields,
  };
}

export function makeCompare(fields: Partial<WorkflowCompare> = {}): WorkflowCompare {
  return {
    base: { id: 3, app_title: '题库评测', source_name: 'C-Eval 样例', created_at: 1_735_603_200 },
    other: { id: 7, app_title: '题库评测', source_name: 'C-Eval 样例', created_at: 1_735_689_600 },
    same_source: true,
    summary: [makeCompareRow()],
    counts: { 'gpt-4o': { fixed: 1, regressed: 0, same: 0 } },
    list: [makeCompareSample()],
    total: 1,
    page: 1,
    page_size: 10,
    ...fields,
  };
}

/**
 * The results list, a run's detail and the compare page against a fake API. `compareElement`
 * stands in for the compare page when a test only checks where the user was sent.
 */
export function renderLab(routes: Record<string, Route>, entry: string, compareElement: ReactElement = <WorkflowRunComparePage />): ApiCall[] {
  useUserStore.setState({ user: makeUser() });
  const calls = fakeApi(routes);
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <RouterRoute path="/workflowResult" element={<WorkflowResultPage />} />
        <RouterRoute path="/workflowResult/compare" element={compareElement} />
        <RouterRoute path="/workflowResult/:id" element={<WorkflowRunDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}
