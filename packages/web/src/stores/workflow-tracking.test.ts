import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkflowRunStatusView, WorkflowTask } from '@gw/shared';
import { fail, fakeApi, ok, type ApiCall } from '@/pages/channel/test-fake-api';
import { TRACKING_STORAGE_KEY, startTrackingPoll, useWorkflowTrackingStore } from './workflow-tracking';

const task = (id: number, app_title = `项目${id}`): WorkflowTask => ({ id, status: 'running', app_title, created_at: 1_735_689_600 });
const status = (id: number, Status: WorkflowRunStatusView['Status'], app_title = `项目${id}`) => ok({ id, Status, app_title, done: 1, failed: 0, total: 2 });
const statusCalls = (calls: ApiCall[]) => calls.filter((call) => call.path.startsWith('/api/workflow/run_status/')).map((call) => call.path);

let stop: (() => void) | undefined;

beforeEach(() => {
  vi.useFakeTimers();
  useWorkflowTrackingStore.setState({ tasks: [], finished: [] });
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('workflow run tracking', () => {
  it('keeps tracked runs as running in local storage', () => {
    useWorkflowTrackingStore.getState().track({ ...task(3), status: 'succeeded' });
    useWorkflowTrackingStore.getState().track(task(3));
    expect(useWorkflowTrackingStore.getState().tasks).toEqual([task(3)]);
    expect(JSON.parse(localStorage.getItem(TRACKING_STORAGE_KEY)!).state.tasks).toEqual([task(3)]);
  });

  it('polls every 5 s while a run is tracked and moves a stopped run to finished with the server title', async () => {
    let state: WorkflowRunStatusView['Status'] = 'running';
    const calls = fakeApi({ 'GET /api/workflow/run_status/3': () => status(3, state, '数学评测') });
    useWorkflowTrackingStore.getState().track(task(3));
    stop = startTrackingPoll();

    await vi.advanceTimersByTimeAsync(4999);
    expect(statusCalls(calls)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(statusCalls(calls)).toEqual(['/api/workflow/run_status/3']);
    expect(useWorkflowTrackingStore.getState().tasks).toHaveLength(1);

    state = 'succeeded';
    await vi.advanceTimersByTimeAsync(5000);
    expect(useWorkflowTrackingStore.getState().tasks).toEqual([]);
    expect(useWorkflowTrackingStore.getState().finished).toEqual([{ ...task(3), app_title: '数学评测' }]);

    // Nothing left to follow: polling stops.
    await vi.advanceTimersByTimeAsync(15000);
    expect(statusCalls(calls)).toHaveLength(2);
  });

  it('starts polling when a run is tracked after mounting, and keeps a run whose status call failed on the network', async () => {
    const calls = fakeApi({ 'GET /api/workflow/run_status/4': () => Promise.reject(new Error('offline')) });
    stop = startTrackingPoll();
    await vi.advanceTimersByTimeAsync(10000);
    expect(statusCalls(calls)).toEqual([]);
    useWorkflowTrackingStore.getState().track(task(4));
    await vi.advanceTimersByTimeAsync(5000);
    expect(useWorkflowTrackingStore.getState().tasks).toEqual([task(4)]);
  });

  it('drops a run the server no longer knows without a dialog; dismiss closes the first dialog', async () => {
    fakeApi({ 'GET /api/workflow/run_status/5': fail('运行记录不存在'), 'GET /api/workflow/run_status/6': status(6, 'failed') });
    useWorkflowTrackingStore.getState().track(task(5));
    useWorkflowTrackingStore.getState().track(task(6));
    await useWorkflowTrackingStore.getState().poll();
    expect(useWorkflowTrackingStore.getState().tasks).toEqual([]);
    expect(useWorkflowTrackingStore.getState().finished.map((done) => done.id)).toEqual([6]);
    useWorkflowTrackingStore.getState().dismiss();
    expect(useWorkflowTrackingStore.getState().finished).toEqual([]);
  });
});
