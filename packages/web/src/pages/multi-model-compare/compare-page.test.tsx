import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  MSG_CHAT_DELETED,
  MSG_CHAT_RENAMED,
  MSG_CHAT_RENAME_REQUIRED,
  MSG_CHAT_RENAME_TITLE,
  MSG_CHAT_RENAME_TOO_LONG,
  type ChatUploadView,
} from '@gw/shared';
import { makeModel } from '@/components/model-picker/test-models';
import { user } from '@/pages/channel/test-page';
import { useCompareChatStore } from '@/stores/compare-chat';
import type { CompareLaunchState } from './launch-state';
import { fakeServer, makeConversation, makeRow, makeTalking, ok, renderCompare, where, type ApiCall, withPageMessages } from './test-server';

const GPT = makeModel('gpt-4o', { is_viewable: true });
const CLAUDE = makeModel('claude-3-5-sonnet', { is_viewable: true });

const { message, area: messageArea } = withPageMessages();

const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`);
const answerOf = (model: string) => screen.getAllByText(model, { selector: '.compare-answer-model' })[0].closest('.compare-answer') as HTMLElement;

describe('new chat', () => {
  const image: ChatUploadView = { id: 3, name: 'a.png', type: 'image/png', size: 10, oss_url: '/uploads/a.png' };
  const launch: CompareLaunchState = {
    kind: 'new',
    initialMessage: '比较一下这两个模型',
    chatTitle: '比较一下这两个模型...',
    models: [
      { model: GPT, params: { temperature: 0.3 } },
      { model: CLAUDE, params: {} },
    ],
    enableThinking: false,
    uploadedFiles: [image],
  };

  it('creates the talking and one conversation per model, then streams the first message into both columns', async () => {
    const { calls, streams } = fakeServer({
      'GET /v1/models/lists': ok([GPT, CLAUDE]),
      'POST /relay/v1/talking/': ok(makeTalking(5, launch.chatTitle)),
      'POST /relay/v1/conversation/': ok([makeConversation(11, 5, 'gpt-4o'), makeConversation(12, 5, 'claude-3-5-sonnet')]),
    });
    renderCompare({ pathname: '/multi-model-compare', state: launch });
    await waitFor(() => expect(streams).toHaveLength(2));

    expect(calls.find((call) => call.path === '/relay/v1/talking/')?.body).toEqual({ name: launch.chatTitle, summary: launch.initialMessage });
    expect(calls.find((call) => call.path === '/relay/v1/conversation/')?.body).toEqual([
      { talking_id: 5, model_name: 'gpt-4o' },
      { talking_id: 5, model_name: 'claude-3-5-sonnet' },
    ]);
    const [gpt, claude] = streams;
    expect(gpt.body).toMatchObject({
      model: 'gpt-4o',
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.3,
      conversation_id: 11,
      talking_id: 5,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: launch.initialMessage },
            { type: 'image_url', image_url: { url: '/uploads/a.png', detail: 'auto' } },
          ],
        },
      ],
    });
    expect(gpt.headers.get('New-Api-User')).toBe('7');
    expect(gpt.headers.get('Authorization')).toBeNull();
    expect(claude.body).toMatchObject({ model: 'claude-3-5-sonnet', conversation_id: 12 });
    // The address becomes the chat's own, so that a reload shows it instead of creating another.
    expect((await where()).path).toBe('/multi-model-compare/history/5');

    gpt.event({ hr_message_id: 101 });
    claude.event({ hr_message_id: 102 });
    gpt.event({ choices: [{ delta: { reasoning_content: '先想一想' } }] });
    gpt.event({ choices: [{ delta: { content: 'GPT 的回答' } }] });
    claude.event({ choices: [{ delta: { content: 'Claude 的回答' } }] });
    expect(await screen.findByText('GPT 的回答')).toBeTruthy();
    expect(await screen.findByText('Claude 的回答')).toBeTruthy();
    expect(screen.getByText('思考过程')).toBeTruthy();
    expect(screen.getByRole('button', { name: '停止' })).toBeTruthy();

    gpt.event({ hr_message_id: 101, hr_message: makeRow({ id: 101, conversation_id: 11, answer: 'GPT 的回答', quota: 1000, first_token_ms: 123, duration_ms: 1200 }) });
    gpt.event('[DONE]');
    gpt.close();
    claude.event({ error: { message: '上游出错' } });
    claude.close();

    expect(await within(answerOf('claude-3-5-sonnet')).findByText('上游出错')).toBeTruthy();
    const stats = await within(answerOf('gpt-4o')).findByLabelText('花费与速度');
    expect(stats.textContent).toContain('花费');
    expect(stats.textContent).toContain('首字 123 ms');
    expect(stats.textContent).toContain('耗时 1.2 s');
    expect(within(answerOf('gpt-4o')).getByText('GPT 的回答')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: '发送' })).toBeTruthy());
  });

  it('shows a refusal before the stream once, in its column, and keeps no round of it', async () => {
    const refusal = '用户额度不足，请充值后再试';
    const { calls } = fakeServer(
      {
        'GET /v1/models/lists': ok([GPT]),
        'POST /relay/v1/talking/': ok(makeTalking(5, launch.chatTitle)),
        'POST /relay/v1/conversation/': ok([makeConversation(11, 5, 'gpt-4o')]),
      },
      { refuseChats: { status: 403, body: { error: { message: refusal, type: 'insufficient_quota', code: 'insufficient_user_quota' } } } },
    );
    renderCompare({ pathname: '/multi-model-compare', state: { ...launch, models: [launch.models[0]], uploadedFiles: [] } });

    const shown = `连接失败: 403 ${refusal}`;
    expect(await screen.findByText(shown)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: '发送' })).toBeTruthy());
    expect(screen.getAllByText(shown)).toHaveLength(1);
    expect(within(messageArea()).queryByText(shown)).toBeNull();
    expect(screen.queryAllByRole('region', { name: '对话轮次' })).toEqual([]);
    expect(screen.queryByText(launch.initialMessage)).toBeNull();
    expect(calls.filter((call) => call.path === '/v1/chat/completions')).toHaveLength(1);
  });

  it('says so when the conversations cannot be created', async () => {
    fakeServer({
      'GET /v1/models/lists': ok([GPT, CLAUDE]),
      'POST /relay/v1/talking/': ok(makeTalking(5)),
      'POST /relay/v1/conversation/': { success: false, message: '模型 gpt-4o 当前不可用' },
    });
    renderCompare({ pathname: '/multi-model-compare', state: launch });
    expect(await message('会话创建失败: 模型 gpt-4o 当前不可用')).toBeTruthy();
  });

  it('sends the user to the landing page without a chat to show', async () => {
    fakeServer({ 'GET /v1/models/lists': ok([]) });
    renderCompare({ pathname: '/multi-model-compare' });
    expect((await where('落地页')).path).toBe('/multi-model-chat');
  });
});

function historyServer(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /v1/models/lists': ok([GPT, CLAUDE]),
    'GET /relay/v1/talking/5': ok({ talking: makeTalking(5, '旧的对话'), conversations: [makeConversation(11, 5, 'gpt-4o'), makeConversation(12, 5, 'claude-3-5-sonnet')] }),
    'GET /relay/v1/conversation/11': ok({
      conversation: makeConversation(11, 5, 'gpt-4o'),
      messages: [
        makeRow({ id: 1, conversation_id: 11, message: '第一个问题', answer: 'GPT 答一' }),
        makeRow({ id: 5, conversation_id: 11, round_id: 1, query_id: 5, last_edit_id: 1, message: '改过的问题', answer: 'GPT 答改' }),
      ],
      has_more: false,
      next_cursor: null,
    }),
    'GET /relay/v1/conversation/12': ok({
      conversation: makeConversation(12, 5, 'claude-3-5-sonnet'),
      messages: [
        makeRow({ id: 2, conversation_id: 12, model_name: 'claude-3-5-sonnet', message: '第一个问题', answer: 'Claude 答一' }),
        makeRow({ id: 6, conversation_id: 12, model_name: 'claude-3-5-sonnet', round_id: 2, query_id: 6, last_edit_id: 2, message: '改过的问题', answer: 'Claude 答改' }),
      ],
      has_more: false,
      next_cursor: null,
    }),
    ...extra,
  });
}

describe('history', () => {
  it('loads the talking, its columns and their rounds with the edit variants n/total', async () => {
    const { calls } = historyServer();
    const u = user();
    renderCompare({ pathname: '/multi-model-compare/history/5', state: { kind: 'history', chatTitle: '旧的对话', talkingId: 5 } });
    expect(await screen.findByText('GPT 答改')).toBeTruthy();
    expect(screen.getByText('Claude 答改')).toBeTruthy();
    expect(screen.getByText('改过的问题')).toBeTruthy();
    expect(screen.getByText('2/2')).toBeTruthy();
    expect(calls.find((call) => call.path === '/relay/v1/conversation/11')?.query).toEqual({ limit: '10' });

    await u.click(screen.getByRole('button', { name: '上一个版本' }));
    expect(await screen.findByText('GPT 答一')).toBeTruthy();
    expect(screen.getByText('Claude 答一')).toBeTruthy();
    expect(screen.getByText('1/2')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('validates a rename and sends it only when the name changed', async () => {
    const { calls } = historyServer({ 'PUT /relay/v1/talking/5': ok(null) });
    const u = user();
    renderCompare({ pathname: '/multi-model-compare/history/5' });
    await screen.findByText('旧的对话', { selector: '.compare-title-text' });

    await u.click(screen.getByRole('button', { name: '重命名对话' }));
    const input = screen.getByRole('textbox', { name: '对话名称' });
    await u.clear(input);
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
    expect(await message(MSG_CHAT_RENAME_REQUIRED)).toBeTruthy();
    fireEvent.change(input, { target: { value: '长'.repeat(51) } });
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(await message(MSG_CHAT_RENAME_TOO_LONG)).toBeTruthy();
    fireEvent.change(input, { target: { value: '旧的对话' } });
    await u.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByText('旧的对话', { selector: '.compare-title-text' });
    expect(writes(calls)).toEqual([]);

    await u.click(screen.getByRole('button', { name: '重命名对话' }));
    fireEvent.change(screen.getByRole('textbox', { name: '对话名称' }), { target: { value: '新名字' } });
    await u.click(screen.getByRole('button', { name: '保存' }));
    expect(await message(MSG_CHAT_RENAMED)).toBeTruthy();
    expect(await screen.findByText('新名字', { selector: '.compare-title-text' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ name: '新名字' }]);
  });
});

describe('history popup', () => {
  const list = [makeTalking(4, '更新的对话'), makeTalking(5, '旧的对话'), makeTalking(3, '更早的对话')];

  async function openPopup() {
    const u = user();
    await screen.findByText('GPT 答改');
    await u.click(screen.getByRole('button', { name: '历史对话' }));
    const popup = await screen.findByRole('dialog', { name: '历史对话' });
    await within(popup).findByText('更早的对话');
    return { u, popup };
  }

  it('deleting the current chat opens the one before it', async () => {
    const { calls } = historyServer({
      'GET /relay/v1/talking/': ok({ list, total: 3, page: 1, page_size: 8 }),
      'DELETE /relay/v1/talking/5': ok(null),
      'GET /relay/v1/talking/4': ok({ talking: makeTalking(4, '更新的对话'), conversations: [] }),
    });
    renderCompare({ pathname: '/multi-model-compare/history/5' });
    const { u, popup } = await openPopup();
    expect(calls.find((call) => call.path === '/relay/v1/talking/')?.query).toEqual({ page: '1', page_size: '8' });
    expect(within(popup).getByText('没有更多历史对话')).toBeTruthy();

    await u.click(within(popup).getByRole('button', { name: '删除 旧的对话' }));
    await u.click(await screen.findByRole('button', { name: '确定' }));
    expect(await message(MSG_CHAT_DELETED)).toBeTruthy();
    expect(writes(calls)).toEqual(['DELETE /relay/v1/talking/5']);
    await waitFor(async () => expect((await where()).path).toBe('/multi-model-compare/history/4'));
    expect(await screen.findByText('更新的对话', { selector: '.compare-title-text' })).toBeTruthy();
  });

  it('deleting the only chat goes back to the landing page', async () => {
    historyServer({
      'GET /relay/v1/talking/': ok({ list: [makeTalking(5, '旧的对话')], total: 1, page: 1, page_size: 8 }),
      'DELETE /relay/v1/talking/5': ok(null),
    });
    renderCompare({ pathname: '/multi-model-compare/history/5' });
    const u = user();
    await screen.findByText('GPT 答改');
    await u.click(screen.getByRole('button', { name: '历史对话' }));
    const popup = await screen.findByRole('dialog', { name: '历史对话' });
    await u.click(await within(popup).findByRole('button', { name: '删除 旧的对话' }));
    await u.click(await screen.findByRole('button', { name: '确定' }));
    expect((await where('落地页')).path).toBe('/multi-model-chat');
  });

  it('renames a chat of the list in the rename dialog', async () => {
    const { calls } = historyServer({
      'GET /relay/v1/talking/': ok({ list, total: 3, page: 1, page_size: 8 }),
      'PUT /relay/v1/talking/3': ok(null),
    });
    renderCompare({ pathname: '/multi-model-compare/history/5' });
    const { u, popup } = await openPopup();
    await u.click(within(popup).getByRole('button', { name: '重命名 更早的对话' }));
    const dialog = await screen.findByRole('dialog', { name: MSG_CHAT_RENAME_TITLE });
    const input = within(dialog).getByRole('textbox', { name: '对话名称' });
    fireEvent.change(input, { target: { value: '' } });
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await message(MSG_CHAT_RENAME_REQUIRED)).toBeTruthy();
    fireEvent.change(input, { target: { value: '改名了' } });
    await u.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await message(MSG_CHAT_RENAMED)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([['/relay/v1/talking/3', { name: '改名了' }]]);
  });
});

describe('asking again', () => {
  it('sends with Enter to every column and stops them all, telling the server what was received', async () => {
    const { calls, streams } = historyServer({ 'POST /relay/v1/conversation/stop_message': ok(null) });
    const u = user();
    renderCompare({ pathname: '/multi-model-compare/history/5' });
    await screen.findByText('GPT 答改');
    const box = screen.getByRole('textbox', { name: '输入消息' });
    await u.type(box, '第二个问题');
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(streams).toHaveLength(2));
    expect(streams.map((stream) => [stream.body.conversation_id, stream.body.messages])).toEqual([
      [11, [{ role: 'user', content: '第二个问题' }]],
      [12, [{ role: 'user', content: '第二个问题' }]],
    ]);
    streams[0].event({ hr_message_id: 201 });
    streams[0].event({ choices: [{ delta: { content: '半句' } }] });
    streams[1].event({ hr_message_id: 202 });
    expect(await screen.findByText('半句')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: '停止' }));
    expect(await message('已停止所有对话')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/relay/v1/conversation/stop_message').map((call) => call.body)).toEqual([
      { message_id: 201, stop_index: 2 },
      { message_id: 202, stop_index: 0 },
    ]);
    expect(screen.getAllByText('已停止')).toHaveLength(2);
    expect(screen.getByText('半句')).toBeTruthy();
  });

  it('regenerates one column with last_id', async () => {
    const { streams } = historyServer();
    const u = user();
    renderCompare({ pathname: '/multi-model-compare/history/5' });
    await screen.findByText('GPT 答改');
    await u.click(screen.getByRole('button', { name: '重新生成 gpt-4o' }));
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(streams[0].body).toMatchObject({ model: 'gpt-4o', conversation_id: 11, last_id: 5, messages: [{ role: 'user', content: '改过的问题' }] });
  });

  it('refuses to switch a column from a multimodal model to a text-only one', async () => {
    const QWEN = makeModel('qwen-max');
    const { calls } = historyServer({ 'GET /v1/models/lists': ok([GPT, CLAUDE, QWEN]) });
    const u = user();
    renderCompare({ pathname: '/multi-model-compare/history/5' });
    await screen.findByText('GPT 答改');
    await u.click(screen.getByRole('combobox', { name: 'gpt-4o 的模型' }));
    await u.click(await screen.findByRole('option', { name: 'qwen-max' }));
    expect(await message('注意，不允许模型由多模态向文本切换!')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });
});

describe('header', () => {
  it('loads the next page of the history popup when scrolled to its bottom', async () => {
    const page1 = Array.from({ length: 8 }, (_, index) => makeTalking(100 - index));
    const { calls } = historyServer({
      'GET /relay/v1/talking/': (call) => ok({ list: call.query.page === '1' ? page1 : [makeTalking(50, '第二页的对话')], total: 9, page: Number(call.query.page), page_size: 8 }),
    });
    const u = user();
    renderCompare({ pathname: '/multi-model-compare/history/5' });
    await screen.findByText('GPT 答改');
    await u.click(screen.getByRole('button', { name: '历史对话' }));
    const popup = await screen.findByRole('dialog', { name: '历史对话' });
    await within(popup).findByText('对话93');
    expect(within(popup).queryByText('没有更多历史对话')).toBeNull();
    fireEvent.scroll(popup);
    expect(await within(popup).findByText('第二页的对话')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/relay/v1/talking/').map((call) => call.query.page)).toEqual(['1', '2']);
    expect(await within(popup).findByText('没有更多历史对话')).toBeTruthy();
  });

  it('starts a new chat on the landing page with the current models and parameters', async () => {
    historyServer({ 'GET /v1/models/model_config': ok({ model_name: 'gpt-4o', config: '{"temperature":0.2}' }) });
    const u = user();
    renderCompare({ pathname: '/multi-model-compare/history/5' });
    await screen.findByText('GPT 答改');
    // The saved parameters come in the background.
    await waitFor(() => expect(useCompareChatStore.getState().sessions.map((session) => session.params)).toEqual([{ temperature: 0.2 }, { temperature: 0.2 }]));
    await u.click(screen.getByRole('button', { name: '新对话' }));
    const { state } = await where('落地页');
    expect(state).toEqual({
      models: [
        { model: GPT, params: { temperature: 0.2 } },
        { model: CLAUDE, params: { temperature: 0.2 } },
      ],
    });
  });
});
