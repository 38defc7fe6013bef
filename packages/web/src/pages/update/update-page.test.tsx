import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Message } from '@arco-design/web-react';
import UpdatePage from '@/pages/update';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';

const fetchMock = vi.fn<typeof fetch>();
const notes = [
  { id: 2, title: '二月更新', content: '新增多模型对话', created_at: 1_738_400_000 },
  { id: 1, title: '一月更新', content: '首次发布', created_at: 1_735_700_000 },
];

describe(UpdatePage.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(jsonResponse({ success: true, message: '', data: notes }));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('highlights the latest note and keeps older ones in the history', async () => {
    useUserStore.setState({ user: makeUser() });
    render(<UpdatePage />);
    expect(await screen.findByText('二月更新')).toBeTruthy();
    expect(screen.getByText('最新')).toBeTruthy();
    expect(screen.getByText('历史更新（1）')).toBeTruthy();
    expect(screen.queryByText('内容设置')).toBeNull();
  });

  it('offers 内容设置 to the root administrator only', async () => {
    useUserStore.setState({ user: makeUser({ id: 2, role: 100 }) });
    const { unmount } = render(<UpdatePage />);
    await screen.findByText('二月更新');
    expect(screen.queryByText('内容设置')).toBeNull();
    unmount();

    useUserStore.setState({ user: makeUser({ id: 1, role: 100 }) });
    render(<UpdatePage />);
    expect(await screen.findByText('内容设置')).toBeTruthy();
  });

  it('requires title and content when adding a note', async () => {
    const error = vi.spyOn(Message, 'error');
    useUserStore.setState({ user: makeUser({ id: 1, role: 100 }) });
    const user = userEvent.setup({ delay: null });
    render(<UpdatePage />);
    await user.click(await screen.findByText('内容设置'));
    await user.click(screen.getByRole('button', { name: /新增/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));

    expect(await screen.findByText('请输入标题')).toBeTruthy();
    expect(screen.getByText('请输入内容')).toBeTruthy();
    await waitFor(() => expect(error).toHaveBeenCalledWith('请填写完整信息'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
