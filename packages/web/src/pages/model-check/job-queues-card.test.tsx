import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { JobFailure, QueueStatus } from '@/api/jobs';
import { fail, ok, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { user } from '@/pages/channel/test-page';
import { renderModelCheckPage, withPageClockAndMessages } from './test-page';
import { AUTO_REFRESH_MS } from './use-auto-refresh';

const at = (date: Date) => date.getTime() / 1000;

const failure = (fields: Partial<JobFailure> = {}): JobFailure => ({
  id: '41',
  name: 'channel-test',
  failed_reason: 'upstream timeout',
  finished_at: at(new Date(2025, 5, 14, 14, 5, 9)),
  ...fields,
});

const queue = (name: string, counts: Partial<QueueStatus['counts']> = {}, recentFailures: JobFailure[] = []): QueueStatus => ({
  queue: name,
  counts: { waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0, ...counts },
  recent_failures: recentFailures,
});

const QUEUES: QueueStatus[] = [
  queue('channel-test', { waiting: 4, active: 1, completed: 120, failed: 2, delayed: 3 }, [
    failure(),
    failure({ id: '40', failed_reason: 'invalid api key', finished_at: at(new Date(2025, 5, 13, 9, 0, 0)) }),
  ]),
  queue('session-cleanup', { completed: 7 }),
  queue('nightly-export', { waiting: 2 }),
];

const statusCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/api/jobs/status');
const card = () => screen.getByText('任务队列').closest('.arco-card') as HTMLElement;
const cellsOf = (queueName: string) =>
  Array.from((within(card()).getByText(queueName).closest('tr') as HTMLElement).querySelectorAll('td')).map((cell) => cell.textContent);

const renderPage = (jobsRoute: Route = ok(QUEUES)) => renderModelCheckPage({ 'GET /api/jobs/status': jobsRoute });
const messages = withPageClockAndMessages();

describe('JobQueuesCard', () => {
  it('shows a row per queue with its counts, and the Chinese name of a known queue', async () => {
    const { calls } = renderPage();
    await within(await screen.findByText('任务队列').then(card)).findByText('channel-test');

    const headers = Array.from(card().querySelectorAll('thead th')).map((header) => header.textContent);
    expect(headers.filter(Boolean)).toEqual(['队列', '等待', '运行中', '已完成', '失败', '延迟']);
    // The first cell is the expand button's.
    expect(cellsOf('channel-test').slice(1)).toEqual(['channel-test渠道测试', '4', '1', '120', '2', '3']);
    expect(cellsOf('session-cleanup').slice(1)).toEqual(['session-cleanup会话清理', '0', '0', '7', '0', '0']);
    expect(cellsOf('nightly-export').slice(1)).toEqual(['nightly-export', '2', '0', '0', '0', '0']);
    expect(statusCalls(calls)).toHaveLength(1);
  });

  it('shows a failed count above 0 in red', async () => {
    renderPage();
    await within(await screen.findByText('任务队列').then(card)).findByText('channel-test');

    const red = Array.from(card().querySelectorAll('tbody .arco-typography-error')).map((node) => node.textContent);
    expect(red).toEqual(['2']);
  });

  it('lists the latest failures of a queue when its row is expanded', async () => {
    renderPage();
    await within(await screen.findByText('任务队列').then(card)).findByText('channel-test');
    expect(screen.queryByRole('button', { name: '展开 session-cleanup 的失败任务' })).toBeNull();
    expect(screen.queryByText('upstream timeout')).toBeNull();

    await user().click(screen.getByRole('button', { name: '展开 channel-test 的失败任务' }));

    const failures = Array.from(card().querySelectorAll('.arco-table-expand-content tbody tr')).map((row) =>
      Array.from(row.querySelectorAll('td')).map((cell) => cell.textContent),
    );
    expect(failures).toEqual([
      ['2025-06-14 14:05:09', '41', 'upstream timeout'],
      ['2025-06-13 09:00:00', '40', 'invalid api key'],
    ]);
    expect(screen.getByRole('button', { name: '收起 channel-test 的失败任务' })).toBeTruthy();
  });

  it('reads again on 刷新 and every 5 minutes, with one timer for the page that stops when it is left', async () => {
    let completed = 120;
    const { calls, unmount } = renderPage(() => ok([queue('channel-test', { completed: completed++ })]));
    await within(await screen.findByText('任务队列').then(card)).findByText('120');

    await user().click(screen.getByRole('button', { name: /刷\s*新/ }));
    await within(card()).findByText('121');
    expect(statusCalls(calls)).toHaveLength(2);

    act(() => vi.advanceTimersByTime(AUTO_REFRESH_MS));
    await within(card()).findByText('122');
    expect(statusCalls(calls)).toHaveLength(3);

    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("shows the server's message when the queues cannot be read, and keeps what is shown", async () => {
    let failing = false;
    const { calls } = renderPage(() => (failing ? fail('队列服务不可用') : ok(QUEUES)));
    await within(await screen.findByText('任务队列').then(card)).findByText('channel-test');
    expect(messages().textContent).toBe('');

    failing = true;
    await user().click(screen.getByRole('button', { name: /刷\s*新/ }));

    await waitFor(() => expect(messages().textContent).toContain('队列服务不可用'));
    expect(statusCalls(calls)).toHaveLength(2);
    expect(within(card()).getByText('channel-test')).toBeTruthy();
  });

  it('shows the message of a request that fails on the first load', async () => {
    renderPage(fail('任务队列未启用'));
    await waitFor(() => expect(messages().textContent).toContain('任务队列未启用'));
  });
});
