import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Message } from '@arco-design/web-react';
import { CHANNEL_TYPE_MODELS } from '@gw/shared';
import type { PricingEntry } from '@/api/pricing';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import { chooseType, field, fillRequired, formShown, renderEditPage as renderAt, submit } from './test-edit-page';
import { fail, makeChannel, ok, type Reply } from './test-fake-api';
import { user, writes } from './test-page';

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);

beforeEach(() => {
  messages = document.createElement('div');
  document.body.appendChild(messages);
  Message.config({ getContainer: () => messages, duration: 0 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  messages.remove();
});

describe('ChannelEditPage create', () => {
  it('requires a name (and a key) before sending anything', async () => {
    const calls = renderAt('/channel/add');
    await formShown('创建新的渠道');
    await user().type(field('密钥'), 'sk-one');
    await submit();

    expect(await message('请填写渠道名称和渠道密钥！')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('rejects a model mapping that is not JSON', async () => {
    const calls = renderAt('/channel/add');
    await formShown('创建新的渠道');
    await fillRequired();
    await user().type(field('模型映射'), 'gpt-4o: gpt-4.1');
    await submit();

    expect(await message('模型映射必须是合法的 JSON 格式！')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('rejects a request timeout setting that is not JSON', async () => {
    const calls = renderAt('/channel/add');
    await formShown('创建新的渠道');
    await fillRequired();
    await user().type(field('模型请求超时时间'), '30');
    await submit();

    expect(await message('模型请求超时时间设置必须是合法的 JSON 格式！')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('creates a channel with the defaults, joined lists and no trailing slash, then goes back to the list', async () => {
    const calls = renderAt('/channel/add');
    await formShown('创建新的渠道');
    await fillRequired('openai-1', 'sk-one\nsk-two');
    await user().type(field('代理地址'), 'https://api.example.com/');
    await submit();

    expect(await message('渠道创建成功！')).toBeTruthy();
    expect(await screen.findByText('渠道列表')).toBeTruthy();
    const [post] = writes(calls);
    expect(post).toMatchObject({ method: 'POST', path: '/api/channel/' });
    expect(post.body).toMatchObject({
      type: 1,
      name: 'openai-1',
      key: 'sk-one\nsk-two',
      base_url: 'https://api.example.com',
      group: 'default',
      models: 'gpt-4o,gpt-4o-mini',
      auto_ban: 1,
      priority: 0,
      weight: 0,
      model_req_limit: '',
    });
  });

  it('limits requests only when the administrator turns limits on, suggesting the spec values', async () => {
    const calls = renderAt('/channel/add');
    await formShown('创建新的渠道');
    expect(screen.getByText('关闭时不限制该渠道的请求频率；默认值已填好，打开开关后生效')).toBeTruthy();
    expect(screen.queryByLabelText('模型请求限制')).toBeNull();
    await fillRequired();
    await user().click(screen.getByRole('switch', { name: '启用请求限制' }));
    expect(JSON.parse(field('模型请求限制').value)).toEqual({ rpd: 100, rpm: 10, tpd: 10000, tpm: 20 });
    expect(screen.getByText('超过任一限制的请求会被拒绝（HTTP 429）')).toBeTruthy();
    await user().clear(field('模型请求限制'));
    await user().type(field('模型请求限制'), '{{"rpm": 600}');
    await user().click(screen.getByRole('switch', { name: '启用请求限制' }));
    expect(screen.queryByLabelText('模型请求限制')).toBeNull();
    await user().click(screen.getByRole('switch', { name: '启用请求限制' }));
    expect(field('模型请求限制').value).toBe('{"rpm": 600}');
    await submit();
    await message('渠道创建成功！');
    expect(writes(calls)[0].body).toMatchObject({ model_req_limit: '{"rpm": 600}' });
  });

  it('prefills the Azure API version and models when type 3 is chosen, and warns about deployment names', async () => {
    const calls = renderAt('/channel/add');
    await formShown('创建新的渠道');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/models')).toBe(true));
    await chooseType('Azure OpenAI');

    expect(field('默认 API 版本').value).toBe('2023-06-01-preview');
    expect(screen.getByText('注意：Azure 渠道的模型部署名称必须与模型名称一致')).toBeTruthy();
    await fillRequired('azure-1', 'azure-key');
    await submit();
    await message('渠道创建成功！');
    expect(writes(calls)[0].body).toMatchObject({ type: 3, other: '2023-06-01-preview', models: 'gpt-4o' });
  });

  it('falls back to the shared default models when none are cached yet', async () => {
    const calls = renderAt('/channel/add', { 'GET /api/models': () => new Promise<Reply>(() => {}) }, false);
    await formShown('创建新的渠道');
    await fillRequired();
    await submit();
    await message('渠道创建成功！');
    expect((writes(calls)[0].body as { models: string }).models).toBe(CHANNEL_TYPE_MODELS[1].join(','));
  });

  it('needs at least one model, which 填入相关模型 brings back after clearing', async () => {
    const calls = renderAt('/channel/add');
    await formShown('创建新的渠道');
    await fillRequired();
    const u = user();
    await u.click(screen.getByRole('button', { name: '清除所有模型' }));
    await submit();
    expect(await message('请至少选择一个模型！')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    await u.click(screen.getByRole('button', { name: '填入相关模型' }));
    await submit();
    await message('渠道创建成功！');
    expect((writes(calls)[0].body as { models: string }).models).toBe('gpt-4o,gpt-4o-mini');
  });

  it('adds custom model names, trimmed, and reports the ones already chosen', async () => {
    const calls = renderAt('/channel/add');
    await formShown('创建新的渠道');
    await fillRequired();
    const u = user();
    await u.type(field('自定义模型名称'), ' my-model , gpt-4o{Enter}other-model');
    await u.click(screen.getByRole('button', { name: /^填\s*入$/ }));

    expect(await message('某些模型已存在：gpt-4o')).toBeTruthy();
    await submit();
    await message('渠道创建成功！');
    expect((writes(calls)[0].body as { models: string }).models).toBe('gpt-4o,gpt-4o-mini,my-model,other-model');
  });

  it('asks for a key before fetching models for a new channel, then asks the server with type, address and key', async () => {
    const calls = renderAt('/channel/add', { 'POST /api/channel/fetch_models': ok(['gpt-4.1', 'gpt-4.1', 'o3']) });
    await formShown('创建新的渠道');
    const u = user();
    await u.click(screen.getByRole('button', { name: '获取模型列表' }));
    expect(await message('请填写密钥')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    await u.type(field('密钥'), 'sk-up');
    await u.type(field('代理地址'), 'https://up.example.com/');
    await u.click(screen.getByRole('button', { name: '获取模型列表' }));
    expect(await message('获取模型列表成功')).toBeTruthy();
    expect(writes(calls)).toEqual([
      { method: 'POST', path: '/api/channel/fetch_models', query: {}, body: { type: 1, base_url: 'https://up.example.com', key: 'sk-up' } },
    ]);

    await u.type(field('名称'), 'fetched');
    await submit();
    await message('渠道创建成功！');
    expect((writes(calls)[1].body as { models: string }).models).toBe('gpt-4.1,o3');
  });

  it('says model fetching needs the OpenAI format for other types', async () => {
    const calls = renderAt('/channel/add');
    await formShown('创建新的渠道');
    await chooseType('Anthropic Claude');
    await user().type(field('密钥'), 'sk-ant');
    await user().click(screen.getByRole('button', { name: '获取模型列表' }));

    expect(await message('仅支持 OpenAI 接口格式')).toBeTruthy();
    expect(calls.some((call) => call.path.includes('fetch_models'))).toBe(false);
  });

  it('refuses a second submit while the first is on its way', async () => {
    let answer: (reply: Reply) => void = () => {};
    const calls = renderAt('/channel/add', { 'POST /api/channel/': () => new Promise<Reply>((resolve) => (answer = resolve)) });
    await formShown('创建新的渠道');
    await fillRequired();
    await submit();
    await submit();

    expect(await message('提交失败，请勿重复提交！')).toBeTruthy();
    expect(writes(calls)).toHaveLength(1);
    answer(ok({ ids: [1] }));
    expect(await message('渠道创建成功！')).toBeTruthy();
  });

  it('shows the server message when the create is refused and stays on the form', async () => {
    renderAt('/channel/add', { 'POST /api/channel/': fail('渠道名称已存在') });
    await formShown('创建新的渠道');
    await fillRequired();
    await submit();

    expect(await message('渠道名称已存在')).toBeTruthy();
    expect(screen.queryByText('渠道列表')).toBeNull();
  });
});

describe('ChannelEditPage edit', () => {
  const stored = makeChannel({ id: 5, name: 'claude-1', type: 14, group: 'default,vip', models: 'claude-sonnet-4-20250514', tag: 'team-a', priority: 2, weight: 3, auto_ban: 0 });

  it('loads the channel and keeps its key when the key field is left empty', async () => {
    const calls = renderAt('/channel/edit/5', { 'GET /api/channel/5': ok(stored) });
    await formShown('更新渠道信息');
    expect(field('名称').value).toBe('claude-1');
    expect(field('密钥').placeholder).toContain('留空则保持当前密钥不变');
    await submit();

    expect(await message('渠道更新成功！')).toBeTruthy();
    const [put] = writes(calls);
    expect(put).toMatchObject({ method: 'PUT', path: '/api/channel/' });
    expect(put.body).toMatchObject({ id: 5, name: 'claude-1', type: 14, group: 'default,vip', models: 'claude-sonnet-4-20250514', tag: 'team-a', priority: 2, weight: 3, auto_ban: 0 });
    expect(put.body).not.toHaveProperty('key');
    expect(await screen.findByText('渠道列表')).toBeTruthy();
  });

  it('shows the cost ratio with its help text, and sends the one typed; an emptied one is refused before sending', async () => {
    const calls = renderAt('/channel/edit/5', { 'GET /api/channel/5': ok({ ...stored, cost_ratio: 0.35 }) });
    await formShown('更新渠道信息');
    const ratio = screen.getByLabelText('成本倍率') as HTMLInputElement;
    expect(ratio.value).toBe('0.35');
    expect(screen.getByText(/成本倍率：上游实际价格相对官方价格的倍数，用于统计成本与毛利/)).toBeTruthy();
    await user().clear(ratio);
    await submit();
    expect(await message('成本倍率必须是 0 到 100 之间的数字')).toBeTruthy();
    expect(writes(calls)).toEqual([]);

    await user().type(ratio, '1.2');
    await submit();
    await message('渠道更新成功！');
    expect(writes(calls)[0].body).toMatchObject({ id: 5, cost_ratio: 1.2 });
  });

  it('sends a new key when one is typed', async () => {
    const calls = renderAt('/channel/edit/5', { 'GET /api/channel/5': ok(stored) });
    await formShown('更新渠道信息');
    await user().type(field('密钥'), 'sk-new');
    await submit();
    await message('渠道更新成功！');
    expect(writes(calls)[0].body).toMatchObject({ id: 5, key: 'sk-new' });
  });

  it('fetches models of a saved OpenAI channel through the server', async () => {
    const calls = renderAt('/channel/edit/6', {
      'GET /api/channel/6': ok(makeChannel({ id: 6 })),
      'GET /api/channel/fetch_models/6': ok(['gpt-4.1']),
    });
    await formShown('更新渠道信息');
    await user().click(screen.getByRole('button', { name: '获取模型列表' }));

    expect(await message('获取模型列表成功')).toBeTruthy();
    expect(calls.some((call) => call.method === 'GET' && call.path === '/api/channel/fetch_models/6')).toBe(true);
  });

  it('reports a failed model fetch with the reason', async () => {
    renderAt('/channel/edit/6', {
      'GET /api/channel/6': ok(makeChannel({ id: 6 })),
      'GET /api/channel/fetch_models/6': fail('上游返回 401'),
    });
    await formShown('更新渠道信息');
    await user().click(screen.getByRole('button', { name: '获取模型列表' }));
    expect(await message('获取模型列表失败：上游返回 401')).toBeTruthy();
  });

  it('says the channel does not exist and goes back to the list', async () => {
    renderAt('/channel/edit/404', { 'GET /api/channel/404': fail('record not found') });
    expect(await message('渠道不存在，请刷新后重试')).toBeTruthy();
    expect(await screen.findByText('渠道列表')).toBeTruthy();
  });
});

describe('ChannelEditPage unpriced models', () => {
  const entry = (model_name: string, priced: boolean): PricingEntry => ({
    model_name,
    quota_type: 0,
    model_ratio: priced ? 1 : 0,
    completion_ratio: 1,
    model_price: 0,
    enable_groups: [],
    priced,
  });
  const WARNING = '以下模型未设置价格，用户调用时会被拒绝';
  const warning = () => screen.getByText(WARNING).closest('.arco-alert') as HTMLElement;

  afterEach(() => {
    useUserStore.setState({ user: null });
  });

  it('warns about the chosen models the pricing does not price, and follows the model list', async () => {
    // gpt-4o-mini is not listed at all (neither a ratio nor a price); offered-but-unpriced is listed as priced: false.
    renderAt('/channel/add', { 'GET /api/pricing': ok([entry('gpt-4o', true), entry('my-model', false)]) });
    await formShown('创建新的渠道');

    expect(await screen.findByText(WARNING)).toBeTruthy();
    expect(within(warning()).getByText('gpt-4o-mini')).toBeTruthy();
    expect(within(warning()).queryByText('gpt-4o')).toBeNull();

    const u = user();
    await u.type(field('自定义模型名称'), 'my-model');
    await u.click(screen.getByRole('button', { name: /^填\s*入$/ }));
    expect(await within(warning()).findByText('my-model')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: '清除所有模型' }));
    await waitFor(() => expect(screen.queryByText(WARNING)).toBeNull());
  });

  it('prices a model at a fixed price from the form, merged into ModelPrice, and the warning goes', async () => {
    useUserStore.setState({ user: makeUser({ id: 1, role: 100 }) });
    let pricing = [entry('gpt-4o', true)];
    const calls = renderAt('/channel/add', {
      'GET /api/pricing': () => ok(pricing),
      'GET /api/option/': ok([
        { key: 'ModelRatio', value: '{"gpt-4o":1.25}' },
        { key: 'ModelPrice', value: '{"mj_imagine":0.1}' },
      ]),
      'PUT /api/option/': (call) => {
        pricing = [...pricing, entry('gpt-4o-mini', true)];
        return ok(call.body);
      },
    });
    await formShown('创建新的渠道');
    const u = user();
    await u.click(await screen.findByRole('button', { name: '设置 gpt-4o-mini 的价格' }));
    await u.click(await screen.findByText('按次计费（固定价格）'));
    await u.type(screen.getByLabelText('固定价格'), '0.02');
    await u.click(screen.getByRole('button', { name: /^保\s*存$/ }));

    expect(await message('已设置模型 gpt-4o-mini 的价格')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ method: 'PUT', path: '/api/option/', body: { key: 'ModelPrice', value: JSON.stringify({ mj_imagine: 0.1, 'gpt-4o-mini': 0.02 }) } }),
    ]);
    await waitFor(() => expect(screen.queryByText(WARNING)).toBeNull());
  });
});
