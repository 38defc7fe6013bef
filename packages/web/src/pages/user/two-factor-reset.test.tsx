import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { ok } from '@/pages/channel/test-fake-api';
import { captureMessages, rowOf, user, writes } from '@/pages/channel/test-page';
import { makeAdminUser, renderUserPage, userPage } from './test-page';

const USERS = [
  makeAdminUser({ id: 1, username: 'root', role: 100, two_factor_enabled: true }),
  makeAdminUser({ id: 2, username: 'alice', role: 1, two_factor_enabled: true }),
  makeAdminUser({ id: 3, username: 'bob', role: 10 }),
  makeAdminUser({ id: 4, username: 'carol', role: 10, two_factor_enabled: true }),
];

let messages: HTMLElement;
const resetButton = (name: string) => within(rowOf(name)).queryByRole('button', { name: '重置两步验证' });

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  messages.remove();
});

describe('重置两步验证', () => {
  it('is offered to a super administrator on lower users with 2FA on, and runs after the confirmation', async () => {
    const calls = renderUserPage({
      'GET /api/user/': userPage(USERS),
      'DELETE /api/user/2/2fa': ({ success: true, message: '已重置该用户的两步验证，其所有登录会话已退出', data: null }),
    });
    await screen.findByText('alice');
    expect(resetButton('root')).toBeNull();
    expect(resetButton('bob')).toBeNull();
    expect(resetButton('carol')).toBeTruthy();

    const u = user();
    await u.click(resetButton('alice')!);
    expect(await screen.findByText('确定重置「alice」的两步验证吗？')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await u.click(screen.getByRole('button', { name: /确\s*定/ }));

    expect(await within(messages).findByText('已重置该用户的两步验证，其所有登录会话已退出')).toBeTruthy();
    expect(writes(calls).map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /api/user/2/2fa']);
    await waitFor(() => expect(resetButton('alice')).toBeNull());
  });

  it('is not offered to an administrator', async () => {
    renderUserPage({ 'GET /api/user/': userPage(USERS) }, { viewer: { id: 3, role: 10 } });
    await screen.findByText('alice');
    expect(resetButton('alice')).toBeNull();
  });
});
