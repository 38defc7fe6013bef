import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { Modal } from '@arco-design/web-react';
import { fakeApi, ok } from '@/pages/channel/test-fake-api';
import { useWorkflowTrackingStore } from '@/stores/workflow-tracking';
import { RunTracker } from './run-tracker';

function ResultStandIn() {
  return <p>结果 {useParams().id}</p>;
}

afterEach(() => {
  Modal.destroyAll();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useWorkflowTrackingStore.setState({ tasks: [], finished: [] });
});

describe('RunTracker', () => {
  it('shows 项目 {title} 工作流已完成！ when a tracked run finishes, and its confirm opens the run results', async () => {
    vi.useFakeTimers();
    fakeApi({ 'GET /api/workflow/run_status/8': ok({ id: 8, Status: 'succeeded', app_title: '数学评测', done: 2, failed: 0, total: 2 }) });
    useWorkflowTrackingStore.setState({ tasks: [{ id: 8, status: 'running', app_title: '数学评测', created_at: 1 }], finished: [] });
    render(
      <MemoryRouter initialEntries={['/workflow']}>
        <Routes>
          <Route path="/workflow" element={<RunTracker />} />
          <Route path="/workflowResult/:id" element={<ResultStandIn />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.queryByText('项目 数学评测 工作流已完成！')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByText('项目 数学评测 工作流已完成！')).toBeTruthy();
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: '查看结果' }));
    expect(await screen.findByText('结果 8')).toBeTruthy();
    expect(useWorkflowTrackingStore.getState().finished).toEqual([]);
  });
});
