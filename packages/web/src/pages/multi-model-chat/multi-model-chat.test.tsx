import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Modal } from '@arco-design/web-react';
import {
  MSG_ARENA_MODEL_COUNT,
  MSG_CHAT_KEEP_ONE_MODEL,
  MSG_CHAT_LANDING_TITLE,
  MSG_CHAT_MESSAGE_REQUIRED,
  MSG_CHAT_MODEL_ADDED,
  MSG_CHAT_MODEL_DUPLICATE,
  MSG_CHAT_MODEL_REQUIRED,
  MSG_CHAT_MODEL_SWITCHED,
  MSG_CHAT_NO_IMAGE_SUPPORT,
  MSG_CHAT_NO_MULTIMODAL_TO_TEXT,
  MSG_CHAT_SELECT_MODEL_FIRST,
  MSG_CHAT_TOO_MANY_MODELS,
  defaultParams,
  paramRulesFor,
  type ChatModelView,
} from '@gw/shared';
import type { ApiReply } from '@/api/http';
import { uploadFile } from '@/api/upload';
import { fakeApi, ok, type Route as ApiRoute } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { makeModel } from '@/components/model-picker/test-models';
import type { CompareLaunchState, LandingState } from '@/pages/multi-model-compare/launch-state';
import MultiModelChatPage from './index';

vi.mock('@/api/upload', () => ({ uploadFile: vi.fn() }));
const upload = vi.mocked(uploadFile);

const GPT = makeModel('gpt-4o', { is_viewable: true });
const CLAUDE = makeModel('claude-3-5-sonnet', { is_viewable: true });
const QWEN = makeModel('qwen-max');
const DEEPSEEK = makeModel('deepseek-r1', { is_deep_seek: true });
const MODELS = [GPT, CLAUDE, QWEN, DEEPSEEK];

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);

beforeEach(() => {
  messages = captureMessages();
  upload.mockReset();
});

afterEach(() => {
  Modal.destroyAll();
  vi.unstubAllGlobals();
  messages.remove();
});

/** The compare page's stand-in: shows the router state it was opened with. */
function ComparePage() {
  return <pre aria-label="对比页状态">{JSON.stringify(useLocation().state)}</pre>;
}

function renderPage({ models = MODELS, state, routes = {} }: { models?: ChatModelView[]; state?: LandingState; routes?: Record<string, ApiRoute> } = {}) {
  const calls = fakeApi({
    'GET /v1/models/lists': ok(models),
    'GET /relay/v1/conversation/history_msg_model': ok([]),
    'GET /v1/models/model_default_rule': (call) => ok(paramRulesFor(call.query.model)),
    'GET /v1/models/model_config': ok(null),
    'POST /v1/models/model_config': ok(null),
    ...routes,
  });
  render(
    <MemoryRouter initialEntries={[{ pathname: '/multi-model-chat', state }]}>
      <Routes>
        <Route path="/multi-model-chat" element={<MultiModelChatPage />} />
        <Route path="/multi-model-compare" element={<ComparePage />} />
      </Routes>
    </MemoryRouter>,
  );
  return { calls, u: user() };
}

const textbox = () => screen.getByRole('textbox', { name: '消息' });
const modelTabs = () =>
  within(screen.getByRole('complementary', { name: '模型配置' }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent?.trim());
const launched = async () => JSON.parse((await screen.findByLabelText('对比页状态')).textContent ?? 'null') as CompareLaunchState;
/** The open tab's panel of the config panel. */
const openPanel = () => screen.getAllByRole('tabpanel').find((panel) => panel.getAttribute('aria-hidden') !== 'true') as HTMLElement;

async function pick(u: ReturnType<typeof user>, opener: string, model: string) {
  await u.click(within(openPanel()).getByRole('button', { name: opener }));
  const picker = await screen.findByRole('dialog', { name: '选择模型' });
  const rows = within(picker).getAllByRole('button').filter((button) => button.querySelector('.model-picker-name')?.textContent === model);
  await u.click(rows[rows.length - 1]);
  await waitFor(() => expect(screen.queryByRole('dialog', { name: '选择模型' })).toBeNull());
}

async function addModel(u: ReturnType<typeof user>, model: string) {
  await u.click(screen.getByRole('tab', { name: /添加模型/ }));
  await pick(u, '选择模型', model);
}

describe('multi-model chat landing page', () => {
  it('starts with the first model and its saved config, and Enter sends to the compare page', async () => {
    const { calls, u } = renderPage({ routes: { 'GET /v1/models/model_config': ok({ model_name: 'gpt-4o', config: JSON.stringify({ temperature: 1.5, top_k: 3 }) }) } });
    expect(screen.getByRole('heading', { name: MSG_CHAT_LANDING_TITLE })).toBeTruthy();
    await waitFor(() => expect(modelTabs()).toEqual(['gpt-4o', '添加模型']));
    expect(calls.find((call) => call.path === '/v1/models/model_config')?.query).toEqual({ model_name: 'gpt-4o' });

    await u.type(textbox(), '请比较一下这三个模型的回答');
    await u.keyboard('{Enter}');
    expect(await launched()).toEqual({
      kind: 'new',
      initialMessage: '请比较一下这三个模型的回答',
      chatTitle: '请比较一下这三个模型...',
      // The saved temperature is kept; top_k, which this model does not take, is dropped.
      models: [{ model: GPT, params: { ...defaultParams(paramRulesFor('gpt-4o')), temperature: 1.5 } }],
      enableThinking: false,
      uploadedFiles: [],
    } satisfies CompareLaunchState);
  });

  it('adds a line on Shift+Enter and does not send while an IME composition is open', async () => {
    const { u } = renderPage();
    await waitFor(() => expect(modelTabs()).toContain('gpt-4o'));
    await u.type(textbox(), '第一行{Shift>}{Enter}{/Shift}第二行');
    expect((textbox() as HTMLTextAreaElement).value).toBe('第一行\n第二行');
    fireEvent.keyDown(textbox(), { key: 'Enter', isComposing: true });
    expect(screen.queryByLabelText('对比页状态')).toBeNull();
    await u.click(screen.getByRole('button', { name: '发送' }));
    expect((await launched()).initialMessage).toBe('第一行\n第二行');
  });

  it('needs a message or a file, and a model', async () => {
    const { u } = renderPage({ models: [] });
    await u.click(screen.getByRole('button', { name: '发送' }));
    await message(MSG_CHAT_MESSAGE_REQUIRED);
    await u.type(textbox(), '你好');
    await u.click(screen.getByRole('button', { name: '发送' }));
    await message(MSG_CHAT_MODEL_REQUIRED);
    expect(screen.queryByLabelText('对比页状态')).toBeNull();
  });

  it('adds up to 3 models, refusing duplicates and a fourth', async () => {
    const { u } = renderPage();
    await waitFor(() => expect(modelTabs()).toEqual(['gpt-4o', '添加模型']));
    await addModel(u, 'gpt-4o');
    await message(MSG_CHAT_MODEL_DUPLICATE('gpt-4o'));
    await addModel(u, 'claude-3-5-sonnet');
    await message(MSG_CHAT_MODEL_ADDED);
    await waitFor(() => expect(modelTabs()).toEqual(['gpt-4o', 'claude-3-5-sonnet', '添加模型']));
    await addModel(u, 'qwen-max');
    await waitFor(() => expect(modelTabs()).toEqual(['gpt-4o', 'claude-3-5-sonnet', 'qwen-max', '添加模型']));
    await addModel(u, 'deepseek-r1');
    await message(MSG_CHAT_TOO_MANY_MODELS);
    expect(modelTabs()).toHaveLength(4);

    await u.type(textbox(), '你好{Enter}');
    expect((await launched()).models.map((item) => item.model.name)).toEqual(['gpt-4o', 'claude-3-5-sonnet', 'qwen-max']);
  });

  it('stays on the add tab clicked while the first model was still loading', async () => {
    let release = () => {};
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const { u } = renderPage({ routes: { 'GET /v1/models/model_config': async () => (await loaded, ok(null)) } });
    await waitFor(() => expect(modelTabs()).toEqual(['添加模型']));
    await u.click(screen.getByRole('tab', { name: /添加模型/ }));
    release();
    await waitFor(() => expect(modelTabs()).toEqual(['gpt-4o', '添加模型']));
    expect(within(openPanel()).getByRole('button', { name: '选择模型' })).toBeTruthy();
    await pick(u, '选择模型', 'qwen-max');
    await waitFor(() => expect(modelTabs()).toEqual(['gpt-4o', 'qwen-max', '添加模型']));
  });

  it('keeps at least one model', async () => {
    const { u } = renderPage({ state: { models: [{ model: QWEN, params: {} }, { model: CLAUDE, params: {} }] } });
    expect(modelTabs()).toEqual(['qwen-max', 'claude-3-5-sonnet', '添加模型']);
    await u.click(within(openPanel()).getByRole('button', { name: '移除' }));
    await waitFor(() => expect(modelTabs()).toEqual(['claude-3-5-sonnet', '添加模型']));
    await u.click(within(openPanel()).getByRole('button', { name: '移除' }));
    await message(MSG_CHAT_KEEP_ONE_MODEL);
    expect(modelTabs()).toEqual(['claude-3-5-sonnet', '添加模型']);
  });

  it('replaces a model, but never a multimodal one with a text-only one', async () => {
    const { u } = renderPage();
    await waitFor(() => expect(modelTabs()).toEqual(['gpt-4o', '添加模型']));
    await pick(u, '更换模型', 'qwen-max');
    await message(MSG_CHAT_NO_MULTIMODAL_TO_TEXT);
    expect(modelTabs()).toEqual(['gpt-4o', '添加模型']);
    await pick(u, '更换模型', 'claude-3-5-sonnet');
    await message(MSG_CHAT_MODEL_SWITCHED);
    await waitFor(() => expect(modelTabs()).toEqual(['claude-3-5-sonnet', '添加模型']));
  });

  it('takes the models of the router state with their parameters and offers the thinking switch for a thinking model', async () => {
    const { calls, u } = renderPage({ state: { models: [{ model: DEEPSEEK, params: { temperature: 0.3 } }] } });
    expect(modelTabs()).toEqual(['deepseek-r1', '添加模型']);
    await u.click(screen.getByRole('switch', { name: '深度思考' }));
    await u.type(textbox(), '想一想{Enter}');
    const state = await launched();
    expect(state.models).toEqual([{ model: DEEPSEEK, params: { temperature: 0.3 } }]);
    expect(state.enableThinking).toBe(true);
    // Models handed over keep their parameters: none were read again.
    expect(calls.filter((call) => call.path === '/v1/models/model_config')).toHaveLength(0);
  });

  it('hides the thinking switch when no chosen model thinks', async () => {
    renderPage();
    await waitFor(() => expect(modelTabs()).toContain('gpt-4o'));
    expect(screen.queryByRole('switch', { name: '深度思考' })).toBeNull();
  });

  it('refuses images while a chosen model is text-only, by button and by paste', async () => {
    const { u } = renderPage({ state: { models: [{ model: GPT, params: {} }, { model: QWEN, params: {} }] } });
    await u.click(screen.getByRole('button', { name: '上传图片' }));
    await message(MSG_CHAT_NO_IMAGE_SUPPORT);
    fireEvent.paste(textbox(), { clipboardData: { files: [new File(['x'], 'shot.png', { type: 'image/png' })] } });
    await waitFor(() => expect(within(messages).getAllByText(MSG_CHAT_NO_IMAGE_SUPPORT)).toHaveLength(2));
    expect(upload).not.toHaveBeenCalled();
  });

  it('sends uploaded images without text, titled with the first file name', async () => {
    let answer: (reply: ApiReply<unknown>) => void = () => undefined;
    upload.mockImplementation(() => new Promise((resolve) => (answer = resolve as typeof answer)));
    const { u } = renderPage({ state: { models: [{ model: GPT, params: {} }] } });
    fireEvent.paste(textbox(), { clipboardData: { files: [new File(['png'], 'shot.png', { type: 'image/png' })] } });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    // Not while the image is still uploading.
    expect((screen.getByRole('button', { name: '发送' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(textbox(), { key: 'Enter' });
    await message('图片上传中，请稍候');
    const file = { id: 5, name: 'shot.png', type: 'image/png', size: 3, oss_url: 'https://oss.example/shot.png' };
    await act(async () => answer({ success: true, message: '', data: { results: [file] } }));
    await u.click(screen.getByRole('button', { name: '发送' }));
    const state = await launched();
    expect(state.chatTitle).toBe('shot.png');
    expect(state.initialMessage).toBe('');
    expect(state.uploadedFiles).toEqual([file]);
  });

  it('does not send images once a text-only model has been added', async () => {
    const file = { id: 5, name: 'shot.png', type: 'image/png', size: 3, oss_url: 'https://oss.example/shot.png' };
    upload.mockResolvedValue({ success: true, message: '', data: { results: [file] } });
    const { u } = renderPage({ state: { models: [{ model: GPT, params: {} }] } });
    fireEvent.paste(textbox(), { clipboardData: { files: [new File(['png'], 'shot.png', { type: 'image/png' })] } });
    await waitFor(() => expect((screen.getByRole('button', { name: '发送' }) as HTMLButtonElement).disabled).toBe(false));
    await addModel(u, 'qwen-max');
    await waitFor(() => expect(modelTabs()).toContain('qwen-max'));
    await u.type(textbox(), '看图{Enter}');
    await message(MSG_CHAT_NO_IMAGE_SUPPORT);
    expect(screen.queryByLabelText('对比页状态')).toBeNull();
  });

  it('asks for a model before opening the parameters, and sends the parameters set in the dialog', async () => {
    const { calls, u } = renderPage();
    await waitFor(() => expect(modelTabs()).toContain('gpt-4o'));
    await u.click(screen.getByRole('tab', { name: /添加模型/ }));
    await u.click(screen.getByRole('button', { name: '参数设置' }));
    await message(MSG_CHAT_SELECT_MODEL_FIRST);

    await u.click(screen.getByRole('tab', { name: 'gpt-4o' }));
    await u.click(screen.getByRole('button', { name: '参数设置' }));
    const seed = await screen.findByRole('spinbutton', { name: 'seed' });
    await u.click(seed);
    await u.keyboard('{ArrowUp}');
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/v1/models/model_config')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('spinbutton', { name: 'seed' })).toBeNull());
    await u.type(textbox(), '你好{Enter}');
    expect((await launched()).models[0].params.seed).toBe(1);
  });
});

describe('对战模式 on the landing page', () => {
  const arenaMode = async (u: ReturnType<typeof user>) => {
    await u.click(screen.getByRole('radio', { name: '对战模式' }));
    return screen.getByRole('region', { name: '对战设置' });
  };

  it('needs two chosen models, then starts a battle of them named after the first question, with its category', async () => {
    const { u } = renderPage();
    await waitFor(() => expect(modelTabs()).toEqual(['gpt-4o', '添加模型']));
    const setup = await arenaMode(u);
    await u.click(within(setup).getByRole('button', { name: /开始对战/ }));
    expect(await message(MSG_ARENA_MODEL_COUNT)).toBeTruthy();
    expect(screen.queryByLabelText('对比页状态')).toBeNull();

    await addModel(u, 'claude-3-5-sonnet');
    await u.type(within(setup).getByRole('textbox', { name: '分类' }), ' 编程 ');
    await u.type(textbox(), '用 Python 写快速排序');
    await u.keyboard('{Enter}');
    const state = await launched();
    expect(state.arena).toEqual({ models: ['gpt-4o', 'claude-3-5-sonnet'], category: '编程' });
    expect(state).toMatchObject({ kind: 'new', initialMessage: '用 Python 写快速排序', chatTitle: '用 Python 写...', uploadedFiles: [], enableThinking: false });
  });

  it('starts a random battle of three without a question, named 模型对战', async () => {
    const { u } = renderPage();
    await waitFor(() => expect(modelTabs()).toEqual(['gpt-4o', '添加模型']));
    const setup = await arenaMode(u);
    expect(screen.getByRole('heading', { name: '匿名对战：比较回答，投票揭晓模型' })).toBeTruthy();
    await u.click(within(setup).getByRole('radio', { name: '随机对战' }));
    await u.click(within(setup).getByRole('radio', { name: '3 个模型' }));
    await u.click(within(setup).getByRole('button', { name: /开始对战/ }));
    const state = await launched();
    expect(state.arena).toEqual({ count: 3, category: '' });
    expect(state).toMatchObject({ initialMessage: '', chatTitle: '模型对战' });
  });

  it('opens in 对战模式 when coming back from a battle', async () => {
    renderPage({ state: { models: [], mode: 'arena' } });
    expect(await screen.findByRole('region', { name: '对战设置' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: '对战模式' }) as HTMLInputElement).checked).toBe(true);
  });
});
