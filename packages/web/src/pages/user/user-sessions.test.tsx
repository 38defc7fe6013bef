import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { MSG_SESSION_ENDED, MSG_USER_SESSIONS_ENDED } from '@gw/shared';
import { SESSIONS } from '@/components/session-table/test-sessions';
import { fail, ok } from '@/pages/channel/test-fake-api';
import { captureMessages, user, writes } from '@/pages/channel/test-page';
import { makeAdminUser, renderUserPage, userPage } from './test-page';

/** The server's refusal for a user of the viewer's rank (server users/user-admin-rules.ts). */
const MSG_NOT_LOWER = '无权操作同级或更高权限的用户';
const ALICE = makeAdminUser({ id: 2, username: 'alice' });
const BOB = makeAdminUser({ id: 3, username: 'bob', role: 10 });

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);
const modal = () => document.querySelector('.arco-modal') as HTMLElement;
const userRow = (name: string) => screen.getAllByText(name).map((cell) => cell.closest('tr')).find(Boolean) as HTMLElement;
const sessionRow = (text: string) => within(modal()).getByText(text).closest('tr') as HTMLElement;

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  messages.remove();
});

describe('UserPage 登录设备', () => {
  it('opens the user’s sessions from the row and ends one of them', async () => {
    const calls = renderUserPage({
      'GET /api/user/': userPage([ALICE, BOB]),
      'GET /api/user/2/sessions': ok(SESSIONS),
      [`DELETE /api/user/2/sessions/${SESSIONS[1].id}`]: { success: true, message: MSG_SESSION_ENDED, data: { current: false } },
    });
    await screen.findByText('alice');
    const u = user();

    await u.click(within(userRow('alice')).getByRole('button', { name: '设备' }));
    expect(await within(modal()).findByText('Chrome 120 · Windows 10')).toBeTruthy();
    expect(within(modal()).getByText('登录设备 · alice')).toBeTruthy();
    expect(within(modal()).getByText('Safari 17 · iOS 17.1')).toBeTruthy();
    expect(within(sessionRow('Safari 17 · iOS 17.1')).getByText('手机')).toBeTruthy();
    expect(within(sessionRow('Safari 17 · iOS 17.1')).getByText('203.0.113.9')).toBeTruthy();

    await u.click(within(sessionRow('Safari 17 · iOS 17.1')).getByRole('button', { name: '退出 Safari 17 · iOS 17.1' }));
    expect(await message(MSG_SESSION_ENDED)).toBeTruthy();
    await waitFor(() => expect(within(modal()).queryByText('Safari 17 · iOS 17.1')).toBeNull());
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: `/api/user/2/sessions/${SESSIONS[1].id}`, query: {}, body: undefined }]);
  });

  it('ends all of them only after the confirmation', async () => {
    const calls = renderUserPage({
      'GET /api/user/': userPage([ALICE]),
      'GET /api/user/2/sessions': ok(SESSIONS),
      'DELETE /api/user/2/sessions': { success: true, message: MSG_USER_SESSIONS_ENDED, data: { ended: 2 } },
    });
    await screen.findByText('alice');
    const u = user();
    await u.click(within(userRow('alice')).getByRole('button', { name: '设备' }));
    await within(modal()).findByText('Chrome 120 · Windows 10');

    await u.click(within(modal()).getByRole('button', { name: '全部退出' }));
    expect(await screen.findByText('确定退出「alice」的所有设备吗？')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await u.click(screen.getByRole('button', { name: /确\s*定/ }));

    expect(await message(MSG_USER_SESSIONS_ENDED)).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: '/api/user/2/sessions', query: {}, body: undefined }]);
    expect(await within(modal()).findByText('暂无登录设备')).toBeTruthy();
  });

  it('offers 设备 only on users the viewer outranks, and shows the server’s refusal', async () => {
    renderUserPage({ 'GET /api/user/': userPage([ALICE, BOB]), 'GET /api/user/2/sessions': fail(MSG_NOT_LOWER) }, { viewer: { id: 5, role: 10 } });
    await screen.findByText('bob');
    expect((within(userRow('bob')).getByRole('button', { name: '设备' }) as HTMLButtonElement).disabled).toBe(true);
    await user().click(within(userRow('alice')).getByRole('button', { name: '设备' }));
    expect(await message(MSG_NOT_LOWER)).toBeTruthy();
  });
});
