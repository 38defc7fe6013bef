import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MSG_CURRENT_SESSION_ENDED, MSG_OTHER_SESSIONS_ENDED, MSG_SESSION_ENDED, type SessionView } from '@gw/shared';
import { SESSIONS } from '@/components/session-table/test-sessions';
import { fakeApi, ok, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, user, writes } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import { DevicesCard } from './devices-card';

const MINE: SessionView = { ...SESSIONS[0], current: true };
const IPHONE = SESSIONS[1];
const IPAD: SessionView = { id: 'sessIpad00000003', browser: 'Safari 16', os: 'iOS 16.0', device: 'tablet', ip: '192.0.2.4', created_at: 1_716_000_000, last_seen_at: 1_716_500_000, current: false };

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);
const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

function renderCard(routes: Record<string, Route>) {
  useUserStore.setState({ user: makeUser({ id: 7 }) });
  const calls = fakeApi(routes);
  render(<DevicesCard />);
  return calls;
}

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  messages.remove();
});

describe(DevicesCard.name, () => {
  it('lists the devices with the current one tagged and no 退出 on it', async () => {
    renderCard({ 'GET /api/user/sessions': ok([MINE, IPHONE, IPAD]) });
    expect(await screen.findByText('登录设备')).toBeTruthy();
    expect(await screen.findByText('Chrome 120 · Windows 10')).toBeTruthy();
    expect(within(row('Chrome 120 · Windows 10')).getByText('当前设备')).toBeTruthy();
    expect(within(row('Chrome 120 · Windows 10')).queryByRole('button', { name: /退出/ })).toBeNull();
    expect(within(row('Safari 17 · iOS 17.1')).getByText('手机')).toBeTruthy();
    expect(within(row('Safari 16 · iOS 16.0')).getByText('平板')).toBeTruthy();
    expect(within(row('Chrome 120 · Windows 10')).getByText('电脑')).toBeTruthy();
    expect(within(row('Safari 17 · iOS 17.1')).queryByText('当前设备')).toBeNull();
    for (const header of ['登录时间', '最近活动', 'IP']) expect(screen.getByText(header)).toBeTruthy();
  });

  it('ends another device and drops its row', async () => {
    const calls = renderCard({
      'GET /api/user/sessions': ok([MINE, IPHONE]),
      [`DELETE /api/user/sessions/${IPHONE.id}`]: { success: true, message: MSG_SESSION_ENDED, data: { current: false } },
    });
    await screen.findByText('Safari 17 · iOS 17.1');
    await user().click(within(row('Safari 17 · iOS 17.1')).getByRole('button', { name: '退出 Safari 17 · iOS 17.1' }));
    expect(await message(MSG_SESSION_ENDED)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Safari 17 · iOS 17.1')).toBeNull());
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: `/api/user/sessions/${IPHONE.id}`, query: {}, body: undefined }]);
    expect(useUserStore.getState().user).not.toBeNull();
  });

  it('signs this browser out when the session ended was its own', async () => {
    renderCard({
      'GET /api/user/sessions': ok([MINE, IPHONE]),
      [`DELETE /api/user/sessions/${IPHONE.id}`]: { success: true, message: MSG_CURRENT_SESSION_ENDED, data: { current: true } },
    });
    await screen.findByText('Safari 17 · iOS 17.1');
    await user().click(within(row('Safari 17 · iOS 17.1')).getByRole('button', { name: '退出 Safari 17 · iOS 17.1' }));
    expect(await message(MSG_CURRENT_SESSION_ENDED)).toBeTruthy();
    expect(useUserStore.getState().user).toBeNull();
  });

  it('ends every other device only after the confirmation, then shows the list again', async () => {
    let listed = [MINE, IPHONE, IPAD];
    const calls = renderCard({
      'GET /api/user/sessions': () => ok(listed),
      'POST /api/user/sessions/revoke_others': () => {
        listed = [MINE];
        return { success: true, message: MSG_OTHER_SESSIONS_ENDED, data: { ended: 2 } };
      },
    });
    await screen.findByText('Safari 16 · iOS 16.0');
    const u = user();
    await u.click(screen.getByRole('button', { name: '退出其他设备' }));
    expect(await screen.findByText('确定退出其他所有设备吗？')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await u.click(screen.getByRole('button', { name: /确\s*定/ }));

    expect(await message(MSG_OTHER_SESSIONS_ENDED)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Safari 16 · iOS 16.0')).toBeNull());
    expect(screen.getByText('Chrome 120 · Windows 10')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/user/sessions/revoke_others', query: {}, body: undefined }]);
    expect((screen.getByRole('button', { name: '退出其他设备' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows each device as a card on a phone', async () => {
    vi.stubGlobal('innerWidth', 390);
    renderCard({ 'GET /api/user/sessions': ok([MINE, IPHONE]) });
    expect(await screen.findByText('Safari 17 · iOS 17.1')).toBeTruthy();
    expect(document.querySelector('.rt-cards')).not.toBeNull();
    expect(screen.getAllByText('最近活动').length).toBe(2);
  });
});
