import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fail, makeChannel, makeKey, makeMultiKeyChannel, ok, type ApiCall } from './test-fake-api';
import { chooseType, field, fillRequired, formShown, renderEditPage, submit } from './test-edit-page';
import { captureMessages, user, writes } from './test-page';

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);
const body = (calls: ApiCall[]) => writes(calls)[0]?.body as Record<string, unknown>;
const confirmDialog = (title: string) => screen.findByRole('dialog', { name: title });

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  vi.unstubAllGlobals();
  messages.remove();
});

describe('ChannelEditPage creating with several keys', () => {
  it('counts the distinct keys and creates one channel per key by default', async () => {
    const calls = renderEditPage('/channel/add');
    await formShown('创建新的渠道');
    expect(screen.queryByText('密钥模式')).toBeNull();
    await fillRequired('openai-1', 'sk-a{Enter}sk-b{Enter}sk-a{Enter}sk-c');

    expect(screen.getByText('检测到 3 个密钥，已去除 1 个重复密钥')).toBeTruthy();
    expect((screen.getByRole('radio', { name: '批量创建（每个密钥一个渠道）' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('将创建 3 个渠道')).toBeTruthy();
    expect(screen.queryByText('密钥选择方式')).toBeNull();
    await submit();

    expect(await message('渠道创建成功！')).toBeTruthy();
    expect(body(calls)).toMatchObject({ key: 'sk-a\nsk-b\nsk-c', mode: 'batch' });
    expect(body(calls)).not.toHaveProperty('multi_key_mode');
  });

  it('creates one multi-key channel with the chosen selection mode', async () => {
    const calls = renderEditPage('/channel/add');
    await formShown('创建新的渠道');
    await fillRequired('pool', 'sk-a{Enter}sk-b{Enter}sk-b');
    const u = user();
    await u.click(screen.getByRole('radio', { name: '多密钥聚合（一个渠道轮换多个密钥）' }));

    expect(screen.getByText('将创建 1 个渠道，包含 2 个密钥')).toBeTruthy();
    expect((screen.getByRole('radio', { name: '随机' }) as HTMLInputElement).checked).toBe(true);
    await u.click(screen.getByRole('radio', { name: '轮询' }));
    await submit();

    expect(await message('渠道创建成功！')).toBeTruthy();
    expect(writes(calls)).toHaveLength(1);
    expect(body(calls)).toMatchObject({ name: 'pool', key: 'sk-a\nsk-b', mode: 'multi_to_single', multi_key_mode: 'polling' });
  });

  it('sends a single key as before, without a mode and without the choice', async () => {
    const calls = renderEditPage('/channel/add');
    await formShown('创建新的渠道');
    await fillRequired('one', 'sk-only');
    expect(screen.queryByText('密钥模式')).toBeNull();
    await submit();

    await message('渠道创建成功！');
    expect(body(calls).key).toBe('sk-only');
    expect(body(calls)).not.toHaveProperty('mode');
  });

  it('counts the elements of a Vertex JSON array as keys and sends the array to a multi-key create', async () => {
    const calls = renderEditPage('/channel/add');
    await formShown('创建新的渠道');
    await chooseType('Vertex AI');
    const accounts = [
      { type: 'service_account', project_id: 'p1' },
      { type: 'service_account', project_id: 'p2' },
      { type: 'service_account', project_id: 'p1' },
    ];
    const u = user();
    await u.type(field('名称'), 'vertex-pool');
    await u.click(field('密钥'));
    await u.paste(JSON.stringify(accounts, null, 2));

    expect(screen.getByText('检测到 2 个密钥，已去除 1 个重复密钥')).toBeTruthy();
    await u.click(screen.getByRole('radio', { name: '多密钥聚合（一个渠道轮换多个密钥）' }));
    await submit();

    await message('渠道创建成功！');
    expect(body(calls)).toMatchObject({ type: 41, mode: 'multi_to_single', multi_key_mode: 'random' });
    expect(JSON.parse(body(calls).key as string)).toEqual(accounts.slice(0, 2));
  });

  it('refuses a mistyped Vertex array before sending anything', async () => {
    const calls = renderEditPage('/channel/add');
    await formShown('创建新的渠道');
    await chooseType('Vertex AI');
    const u = user();
    await u.type(field('名称'), 'vertex');
    await u.click(field('密钥'));
    await u.paste('[{"type": "service_account",');

    expect(screen.getByText('服务账号 JSON 数组格式不正确')).toBeTruthy();
    await submit();
    expect(await message('服务账号 JSON 数组格式不正确')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it("shows the server's message when it refuses the multi-key create", async () => {
    renderEditPage('/channel/add', { 'POST /api/channel/': fail('multi_key_mode 只能是 random 或 polling') });
    await formShown('创建新的渠道');
    await fillRequired('pool', 'sk-a{Enter}sk-b');
    await user().click(screen.getByRole('radio', { name: '多密钥聚合（一个渠道轮换多个密钥）' }));
    await submit();

    expect(await message('multi_key_mode 只能是 random 或 polling')).toBeTruthy();
    expect(screen.queryByText('渠道列表')).toBeNull();
  });
});

describe('ChannelEditPage editing a multi-key channel', () => {
  const pool = makeMultiKeyChannel(
    { id: 7, name: 'pool', multi_key_mode: 'polling' },
    { multi_key_enabled: 3, multi_key_auto_disabled: 1, multi_key_manual_disabled: 1 },
  );
  const renderPool = (routes = {}) => renderEditPage('/channel/edit/7', { 'GET /api/channel/7': ok(pool), ...routes });

  it('appends the typed keys, deduplicated, with its selection mode', async () => {
    const calls = renderPool();
    await formShown('更新渠道信息');
    expect(field('追加密钥').placeholder).toContain('与现有密钥重复的会被跳过');
    expect(screen.getByText('共 5 个密钥：启用 3，手动禁用 1，自动禁用 1')).toBeTruthy();
    expect((screen.getByRole('radio', { name: '轮询' }) as HTMLInputElement).checked).toBe(true);
    const u = user();
    await u.type(field('追加密钥'), 'sk-x{Enter}sk-y{Enter}sk-x');
    expect(screen.getByText('检测到 2 个密钥，已去除 1 个重复密钥')).toBeTruthy();
    await u.click(screen.getByRole('radio', { name: '随机' }));
    await submit();

    expect(await message('渠道更新成功！')).toBeTruthy();
    expect(body(calls)).toMatchObject({ id: 7, key: 'sk-x\nsk-y', key_mode: 'append', multi_key_mode: 'random' });
  });

  it('sends no key when none is typed, only the selection mode', async () => {
    const calls = renderPool();
    await formShown('更新渠道信息');
    await submit();

    await message('渠道更新成功！');
    expect(body(calls)).toMatchObject({ id: 7, multi_key_mode: 'polling' });
    expect(body(calls)).not.toHaveProperty('key');
    expect(body(calls)).not.toHaveProperty('key_mode');
  });

  it('replaces every key only after confirming, and not without new keys', async () => {
    const calls = renderPool();
    await formShown('更新渠道信息');
    const u = user();
    await u.click(screen.getByRole('switch', { name: '替换全部密钥' }));
    await submit();
    expect(await message('替换全部密钥时请填写新的密钥')).toBeTruthy();

    await u.type(field('追加密钥'), 'sk-new-1{Enter}sk-new-2');
    await submit();
    const dialog = await confirmDialog('确定替换全部密钥吗？');
    expect(within(dialog).getByText(/现有的 5 个密钥连同它们的状态和用量统计将被删除，换成填写的 2 个密钥/)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([]);

    await submit();
    await u.click(within(await confirmDialog('确定替换全部密钥吗？')).getByRole('button', { name: /确\s*定/ }));
    expect(await message('渠道更新成功！')).toBeTruthy();
    expect(writes(calls)).toHaveLength(1);
    expect(body(calls)).toMatchObject({ id: 7, key: 'sk-new-1\nsk-new-2', key_mode: 'replace', multi_key_mode: 'polling' });
  });

  it('opens its keys in the key manager from the form', async () => {
    const keys = { items: [makeKey({ masked: 'sk-p****0001' })], total: 1, page: 1, page_size: 20, enabled: 1, auto_disabled: 0, manual_disabled: 0 };
    const calls = renderPool({ 'POST /api/channel/multi_key/manage': ok(keys) });
    await formShown('更新渠道信息');
    await user().click(screen.getByRole('button', { name: '管理密钥' }));

    expect(await screen.findByText('密钥管理：pool')).toBeTruthy();
    expect(await screen.findByText('sk-p****0001')).toBeTruthy();
    expect(writes(calls)[0].body).toEqual({ channel_id: 7, action: 'get_key_status', page: 1, page_size: 20 });
  });
});

describe('ChannelEditPage converting a single-key channel', () => {
  const single = makeChannel({ id: 4, name: 'solo' });
  const renderSolo = (routes = {}) => renderEditPage('/channel/edit/4', { 'GET /api/channel/4': ok(single), ...routes });

  it('keeps the single-key form unless 多密钥 is chosen', async () => {
    const calls = renderSolo();
    await formShown('更新渠道信息');
    expect((screen.getByRole('radio', { name: '单密钥' }) as HTMLInputElement).checked).toBe(true);
    expect(field('密钥').placeholder).toContain('留空则保持当前密钥不变');
    expect(screen.queryByText('密钥选择方式')).toBeNull();
    await submit();

    await message('渠道更新成功！');
    expect(body(calls)).not.toHaveProperty('multi_key_mode');
  });

  it('converts after a confirmation that says it cannot be undone, with the selection mode and added keys', async () => {
    const calls = renderSolo();
    await formShown('更新渠道信息');
    const u = user();
    await u.click(screen.getByRole('radio', { name: '多密钥（一个渠道轮换多个密钥）' }));
    expect(screen.getByText(/多密钥渠道不能改回单密钥渠道/)).toBeTruthy();
    await u.click(screen.getByRole('radio', { name: '轮询' }));
    await u.type(field('追加密钥'), 'sk-two');
    await submit();

    const dialog = await confirmDialog('确定转换为多密钥渠道吗？');
    expect(within(dialog).getByText('当前密钥将成为它的第一个密钥，并加入填写的 1 个密钥。转换后不能改回单密钥渠道。')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await u.click(within(dialog).getByRole('button', { name: /确\s*定/ }));

    expect(await message('渠道更新成功！')).toBeTruthy();
    expect(body(calls)).toMatchObject({ id: 4, multi_key_mode: 'polling', key: 'sk-two' });
    expect(body(calls)).not.toHaveProperty('key_mode');
  });

  it("shows the server's message when the conversion is refused", async () => {
    renderSolo({ 'PUT /api/channel/': fail('该渠道没有可转换的密钥') });
    await formShown('更新渠道信息');
    const u = user();
    await u.click(screen.getByRole('radio', { name: '多密钥（一个渠道轮换多个密钥）' }));
    await submit();
    await u.click(within(await confirmDialog('确定转换为多密钥渠道吗？')).getByRole('button', { name: /确\s*定/ }));

    expect(await message('该渠道没有可转换的密钥')).toBeTruthy();
    expect(screen.queryByText('渠道列表')).toBeNull();
  });
});
