import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import { MSG_WORKFLOW_RERUN_RUNNING, type WorkflowRunStatus } from '@gw/shared';
import { fail, ok, type Reply } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { callsTo, makeRun, makeSample, page, renderResults } from '../test-runs';

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  Modal.destroyAll();
  vi.unstubAllGlobals();
  messages.remove();
  useUserStore.setState({ user: null });
});

const DETAIL = 'GET /api/workflow/runs/7';
const RERUN = 'POST /api/workflow/runs/7/rerun';

/** A finished run with 2 failed answers of 40; after the re-run the server answers it running. */
function renderRerun(reply: Reply = { success: true, message: '已开始重新运行', data: { asked: 2, rescored: 0 } }) {
  let status: WorkflowRunStatus = 'succeeded';
  const calls = renderResults(
    {
      [DETAIL]: () => ok({ run: makeRun({ status, done: 38, failed: 2 }), ...page([makeSample()]) }),
      [RERUN]: () => {
        if (reply.success) status = 'running';
        return reply;
      },
    },
    '/workflowResult/7',
  );
  return calls;
}

async function openRerun() {
  const u = user();
  await u.click(await screen.findByRole('button', { name: '重新运行' }));
  return { u, dialog: await screen.findByRole('dialog') };
}

describe('re-running a run', () => {
  it('asks the failed answers again by default: sends { only: failed }, says so, and shows the run running', async () => {
    const calls = renderRerun();
    const { u, dialog } = await openRerun();
    expect(within(dialog).getByText('只重新运行失败的回答（2 条）')).toBeTruthy();
    expect(within(dialog).queryByText(/重新计费/)).toBeNull();

    await u.click(within(dialog).getByRole('button', { name: '重新运行' }));
    expect(await message('已开始重新运行')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/workflow/runs/7/rerun').map((call) => call.body)).toEqual([{ only: 'failed' }]);
    expect(await screen.findByText('运行中')).toBeTruthy();
    expect(screen.getByRole('button', { name: '取消运行' })).toBeTruthy();
    // Running again: neither compare nor re-run until it stops.
    expect(screen.queryByRole('button', { name: '重新运行' })).toBeNull();
    expect(screen.queryByRole('button', { name: '对比' })).toBeNull();
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/workflow/runs/7').length).toBeGreaterThanOrEqual(2));
  });

  it('asks every answer again after warning that all are billed again: sends { only: all }', async () => {
    const calls = renderRerun();
    const { u, dialog } = await openRerun();
    await u.click(within(dialog).getByText('全部重新运行（40 条）'));
    expect(within(dialog).getByText('每个回答都会重新提问并重新计费，已有的回答会被新的回答替换。')).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: '重新运行' }));
    expect(await message('已开始重新运行')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/workflow/runs/7/rerun').map((call) => call.body)).toEqual([{ only: 'all' }]);
  });

  it('shows the server’s refusal and leaves the run as it was', async () => {
    const calls = renderRerun(fail(MSG_WORKFLOW_RERUN_RUNNING));
    const { u, dialog } = await openRerun();
    await u.click(within(dialog).getByRole('button', { name: '重新运行' }));
    expect(await message(`重新运行失败：${MSG_WORKFLOW_RERUN_RUNNING}`)).toBeTruthy();
    expect(screen.getByText('已完成')).toBeTruthy();
    expect(callsTo(calls, 'GET', '/api/workflow/runs/7')).toHaveLength(1);
  });

  it.each([
    ['running', makeRun({ status: 'running' })],
    ['streamed', makeRun({ mode: 'streaming' })],
  ])('offers neither compare nor re-run for a %s run', async (_, run) => {
    renderResults({ [DETAIL]: ok({ run, ...page([]) }) }, '/workflowResult/7');
    await screen.findByRole('heading', { name: '题库评测' });
    expect(screen.queryByRole('button', { name: '重新运行' })).toBeNull();
    expect(screen.queryByRole('button', { name: '对比' })).toBeNull();
    expect(screen.getByRole('button', { name: '编辑项目' })).toBeTruthy();
  });
});
