import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { AUDIT_SECRET_CHANGED, type AuditLogView } from '@gw/shared';
import { fail, fakeApi, ok, type ApiCall } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { findRoute } from '@/routes/access';
import AuditPage from './index';

const AT = 1_780_000_000;

function makeEntry(fields: Partial<AuditLogView> = {}): AuditLogView {
  return { id: 1, actor_id: 1, actor_name: 'root', action: 'user.quota', target_type: 'user', target_id: '7', before: { quota: 100 }, after: { quota: 200 }, ip: '10.0.0.9', created_at: AT, ...fields };
}

const LIST = 'GET /api/audit/';
const listCalls = (calls: ApiCall[]) => calls.filter((call) => `${call.method} ${call.path}` === LIST);

let messages: HTMLElement;

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  vi.unstubAllGlobals();
  messages.remove();
});

describe('AuditPage', () => {
  it('is the super administrators’ page of /audit', () => {
    expect(findRoute('/audit')).toMatchObject({ page: 'audit', access: 'root' });
  });

  it('lists the entries with actor, action, object, address and the diff of each', async () => {
    const entries = [makeEntry(), makeEntry({ id: 2, action: 'channel.update', target_type: 'channel', target_id: '5', before: { key: AUDIT_SECRET_CHANGED }, after: { key: AUDIT_SECRET_CHANGED } })];
    const calls = fakeApi({ [LIST]: ok({ items: entries, total: 2, page: 0, page_size: 10 }) });
    render(<AuditPage />);
    await screen.findByText('修改用户额度');
    expect(listCalls(calls)[0].query).toEqual({ p: '0', page_size: '10' });
    const quotaRow = screen.getByText('修改用户额度').closest('tr') as HTMLElement;
    expect(within(quotaRow).getByText('root (#1)')).toBeTruthy();
    expect(within(quotaRow).getByText('10.0.0.9')).toBeTruthy();
    expect(within(quotaRow).getByText('修改前')).toBeTruthy();
    expect(within(quotaRow).getByText('200')).toBeTruthy();
    const channelRow = screen.getByText('修改渠道').closest('tr') as HTMLElement;
    expect(within(channelRow).getAllByText('已修改')).toHaveLength(2);
  });

  it('sends the filters: 操作人 and 对象 ID as typed, empty ones left out', async () => {
    const calls = fakeApi({ [LIST]: ok({ items: [makeEntry()], total: 1, page: 0, page_size: 10 }) });
    render(<AuditPage />);
    await screen.findByText('修改用户额度');
    await user().type(screen.getByLabelText('操作人'), '1a2');
    await user().type(screen.getByLabelText('对象 ID'), ' 7 ');
    await user().click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(listCalls(calls)[1].query).toEqual({ p: '0', page_size: '10', actor_id: '12', target_id: '7' });
  });

  it('shows the server’s message when it refuses', async () => {
    fakeApi({ [LIST]: fail('起始时间不能晚于结束时间') });
    render(<AuditPage />);
    await waitFor(() => expect(messages.textContent).toContain('起始时间不能晚于结束时间'));
  });
});
