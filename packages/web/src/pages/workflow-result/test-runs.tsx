import { render } from '@testing-library/react';
import { MemoryRouter, Route as RouterRoute, Routes, useLocation, useParams } from 'react-router-dom';
import type { WorkflowAnswerView, WorkflowRunSample, WorkflowRunSummaryRow, WorkflowRunView, WorkflowScoreView } from '@gw/shared';
import { fakeApi, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import WorkflowResultPage from './index';
import WorkflowRunDetailPage from './detail';

/** Test support for the workflow results pages: run factories, and the pages against a fake API. */

export const RUNS = 'GET /api/workflow/runs';

export function makeRun(fields: Partial<WorkflowRunView> = {}): WorkflowRunView {
  return {
    id: 7,
    app_id: 3,
    app_title: '题库评测',
    status: 'succeeded',
    mode: 'direct',
    source_kind: 'dataset',
    source_name: 'C-Eval 样例',
    models: ['gpt-4o', 'deepseek-chat'],
    samples: 20,
    total: 40,
    done: 40,
    failed: 0,
    quota: 150_000,
    estimated_quota: 160_000,
    error: '',
    created_at: 1_735_689_600,
    finished_at: 1_735_689_900,
    judge_total: 0,
    judged: 0,
    repeats: 1,
    reruns: 0,
    ...fields,
  };
}

export function makeAnswer(fields: Partial<WorkflowAnswerView> = {}): WorkflowAnswerView {
  return {
    status: 'done',
    answer: 'B',
    score: null,
    score_kind: null,
    quota: 1200,
    prompt_tokens: 80,
    completion_tokens: 20,
    use_time_ms: 1500,
    first_token_ms: 300,
    error: '',
    scores: {},
    ...fields,
  };
}

export function makeSample(fields: Partial<WorkflowRunSample> = {}): WorkflowRunSample {
  return {
    index: 0,
    question: JSON.stringify({ messages: [{ role: 'system', content: '你是阅卷老师' }, { role: 'user', content: '1+1=? A.1 B.2' }] }),
    reference: '',
    answers: {},
    ...fields,
  };
}

export function makeSummaryRow(fields: Partial<WorkflowRunSummaryRow> = {}): WorkflowRunSummaryRow {
  return {
    model_id: 'gpt-4o',
    total_price: 0.3,
    total_quota: 150_000,
    use_time: 30,
    avg_time: 1.5,
    message_tokens: 1600,
    answer_tokens: 400,
    answers: 20,
    failures: 0,
    scored: 0,
    correct: 0,
    accuracy: null,
    scores: {},
    ...fields,
  };
}

/** One scorer's verdict: a check passed unless told otherwise. */
export function makeScore(fields: Partial<WorkflowScoreView> = {}): WorkflowScoreView {
  return { status: 'done', value: 1, passed: true, reason: '', ...fields };
}

export const page = <T,>(list: T[], total = list.length, pageNumber = 1, pageSize = 10) => ({ list, total, page: pageNumber, page_size: pageSize });

function EditorStandIn() {
  return <p>编辑器 {useParams().id}</p>;
}

/** Stands in for the detail page: where the list sent the user, with what it handed over. */
export function LocationProbe() {
  const location = useLocation();
  const state = location.state as { run?: WorkflowRunView } | null;
  return (
    <p data-testid="location">
      {location.pathname}
      {location.search}|{state?.run?.id ?? ''}
    </p>
  );
}

export function renderResults(routes: Record<string, Route>, entry: string | { pathname: string; search?: string; state?: unknown } = '/workflowResult', detailElement = <WorkflowRunDetailPage />): ApiCall[] {
  useUserStore.setState({ user: makeUser() });
  const calls = fakeApi(routes);
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <RouterRoute path="/workflowResult" element={<WorkflowResultPage />} />
        <RouterRoute path="/workflowResult/:id" element={detailElement} />
        <RouterRoute path="/workflow/editor/:id" element={<EditorStandIn />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

export const callsTo = (calls: ApiCall[], method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);
export const lastQuery = (calls: ApiCall[], path: string) => callsTo(calls, 'GET', path).at(-1)?.query;
