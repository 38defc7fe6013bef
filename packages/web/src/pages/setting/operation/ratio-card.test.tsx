import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { Message } from '@arco-design/web-react';
import { fakeApi, ok, type ApiCall } from '@/pages/channel/test-fake-api';
import { useOptionsForm } from '../use-options-form';
import { RatioCard } from './ratio-card';

const OPTIONS = [
  { key: 'ModelRatio', value: '{"gpt-4o":1.25,"claude-3":1.5,"o3":1}' },
  { key: 'CompletionRatio', value: '{"gpt-4o":4}' },
  { key: 'ModelPrice', value: '{"mj_imagine":0.1}' },
];

function RatioCardOnOptions() {
  return <RatioCard form={useOptionsForm()} />;
}

function renderCard(): ApiCall[] {
  const calls = fakeApi({ 'GET /api/option/': ok(OPTIONS), 'PUT /api/option/': ok() });
  render(<RatioCardOnOptions />);
  return calls;
}

const user = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const rowOf = (model: string) => screen.getByDisplayValue(model).closest('tr') as HTMLElement;
const cell = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const shownModels = () => screen.getAllByLabelText('模型名称').map((input) => (input as HTMLInputElement).value);
/** The options sent, each parsed: the order of a JSON object's keys is no part of its meaning. */
function saved(calls: ApiCall[]): Record<string, unknown> {
  const puts = calls.filter((call) => call.method === 'PUT').map((call) => call.body as { key: string; value: string });
  return Object.fromEntries(puts.map(({ key, value }) => [key, JSON.parse(value)]));
}
const save = () => user().click(screen.getByRole('button', { name: '保存倍率设置' }));

let messages: HTMLElement;

beforeEach(() => {
  messages = document.createElement('div');
  document.body.appendChild(messages);
  Message.config({ getContainer: () => messages, duration: 0 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  messages.remove();
});

describe('RatioCard table', () => {
  it('shows one row per model of the three options and narrows them by name', async () => {
    renderCard();
    await waitFor(() => expect(shownModels()).toEqual(['gpt-4o', 'claude-3', 'o3', 'mj_imagine']));
    expect(cell('gpt-4o 的模型倍率').value).toBe('1.25');
    expect(cell('gpt-4o 的补全倍率').value).toBe('4');
    expect(cell('mj_imagine 的固定价格（每次）').value).toBe('0.1');

    await user().type(screen.getByLabelText('搜索模型'), 'GPT');
    expect(shownModels()).toEqual(['gpt-4o']);
  });

  it('saves edits, a new row and a removed row into ModelRatio, CompletionRatio and ModelPrice together', async () => {
    const calls = renderCard();
    await screen.findByDisplayValue('claude-3');
    const u = user();
    await u.clear(cell('gpt-4o 的补全倍率'));
    await u.type(cell('gpt-4o 的补全倍率'), '5');
    await u.clear(cell('o3 的模型倍率'));
    await u.type(cell('o3 的模型倍率'), '2');
    await u.click(within(rowOf('claude-3')).getByRole('button', { name: '删除 claude-3' }));
    await u.click(screen.getByRole('button', { name: '添加模型' }));
    // A new row comes first.
    await u.type(screen.getAllByLabelText('模型名称')[0], 'dall-e-3');
    await u.type(cell('dall-e-3 的固定价格（每次）'), '0.04');
    await save();

    expect(await within(messages).findByText('保存成功')).toBeTruthy();
    expect(saved(calls)).toEqual({
      ModelRatio: { 'gpt-4o': 1.25, o3: 2 },
      CompletionRatio: { 'gpt-4o': 5 },
      ModelPrice: { 'dall-e-3': 0.04, mj_imagine: 0.1 },
    });
  });

  it('marks a negative number and refuses to save until it is fixed', async () => {
    const calls = renderCard();
    await screen.findByDisplayValue('o3');
    const u = user();
    await u.clear(cell('o3 的模型倍率'));
    await u.type(cell('o3 的模型倍率'), '-2');

    const problem = '模型 o3 的模型倍率：请输入不小于 0 的数字';
    expect(screen.getByText(problem)).toBeTruthy();
    await save();
    expect(await within(messages).findByText(problem)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await u.clear(cell('o3 的模型倍率'));
    await u.type(cell('o3 的模型倍率'), '0');
    await save();
    await waitFor(() => expect(saved(calls)).toEqual({ ModelRatio: { 'gpt-4o': 1.25, 'claude-3': 1.5, o3: 0 } }));
  });

  it('refuses a new row without a name, or without a ratio or a price', async () => {
    const calls = renderCard();
    await screen.findByDisplayValue('o3');
    const u = user();
    await u.click(screen.getByRole('button', { name: '添加模型' }));
    await save();
    expect(await within(messages).findByText('模型名称不能为空')).toBeTruthy();

    const added = screen.getAllByLabelText('模型名称')[0];
    await u.type(added, 'o3');
    expect(screen.getByText('模型 o3 重复')).toBeTruthy();
    await u.clear(added);
    await u.type(added, 'o4');
    expect(screen.getByText('模型 o4 需要填写模型倍率或固定价格')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('edits the same values as the JSON view, both ways', async () => {
    renderCard();
    await screen.findByDisplayValue('o3');
    const u = user();
    await u.clear(cell('o3 的模型倍率'));
    await u.type(cell('o3 的模型倍率'), '3');
    await u.click(screen.getByText('JSON'));

    const ratios = screen.getByLabelText('模型倍率') as HTMLTextAreaElement;
    expect(JSON.parse(ratios.value)).toEqual({ 'gpt-4o': 1.25, 'claude-3': 1.5, o3: 3 });
    await u.clear(ratios);
    await u.click(ratios);
    await u.paste('{"o3": 7}');
    await u.click(screen.getByText('表格'));

    expect(shownModels()).toEqual(['o3', 'gpt-4o', 'mj_imagine']);
    expect(cell('o3 的模型倍率').value).toBe('7');
  });

  it('asks for the JSON view to be fixed when a text does not parse, and keeps the spec message for it', async () => {
    const calls = renderCard();
    await screen.findByDisplayValue('o3');
    const u = user();
    await u.click(screen.getByText('JSON'));
    const ratios = screen.getByLabelText('模型倍率');
    await u.clear(ratios);
    await u.type(ratios, 'o3: 1');
    await u.click(screen.getByText('表格'));

    expect(screen.getByText('模型倍率、补全倍率或模型固定价格不是合法的 JSON 对象，请先在 JSON 视图中修正')).toBeTruthy();
    await save();
    expect(await within(messages).findByText('请检查输入')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});

describe('RatioCard token kinds', () => {
  it('shows the built-in prices of each token kind and saves the one edited', async () => {
    const calls = renderCard();
    await screen.findByDisplayValue('o3');
    const cache = screen.getByLabelText('缓存读取倍率') as HTMLTextAreaElement;
    expect(JSON.parse(cache.value)).toMatchObject({ 'gpt-4o': 0.5, 'gpt-5': 0.1 });
    expect(JSON.parse((screen.getByLabelText('缓存写入倍率（1 小时）') as HTMLTextAreaElement).value)).toMatchObject({ 'claude-sonnet-4-20250514': 2 });
    expect(JSON.parse((screen.getByLabelText('长上下文分段价格') as HTMLTextAreaElement).value)['gemini-2.5-pro']).toEqual([
      { above_prompt_tokens: 200000, prompt_multiplier: 2, completion_multiplier: 1.5 },
    ]);

    const u = user();
    await u.clear(cache);
    await u.click(cache);
    await u.paste('{"gpt-4o": 0.25, "my-model": 0}');
    await save();

    expect(await within(messages).findByText('保存成功')).toBeTruthy();
    expect(saved(calls)).toEqual({ CacheRatio: { 'gpt-4o': 0.25, 'my-model': 0 } });
  });

  it('shows the built-in generated-image prices, and saves a reasoning ratio but refuses a negative one', async () => {
    const calls = renderCard();
    await screen.findByDisplayValue('o3');
    expect(JSON.parse((screen.getByLabelText('图片输出倍率') as HTMLTextAreaElement).value)).toMatchObject({ 'gpt-image-1': 8, 'gemini-2.5-flash-image': 100 });
    expect(screen.getByText(/推理（思考）token 按补全价格的倍率计费/)).toBeTruthy();

    const u = user();
    const reasoning = screen.getByLabelText('推理倍率') as HTMLTextAreaElement;
    expect(JSON.parse(reasoning.value)).toEqual({});
    await u.clear(reasoning);
    await u.click(reasoning);
    await u.paste('{"qwen-plus": -4}');
    await save();
    expect(await within(messages).findByText('请检查输入')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await u.clear(reasoning);
    await u.click(reasoning);
    await u.paste('{"qwen-plus": 4}');
    await save();
    expect(await within(messages).findByText('保存成功')).toBeTruthy();
    expect(saved(calls)).toEqual({ ReasoningRatio: { 'qwen-plus': 4 } });
  });

  it('marks a negative ratio and a tier the server would refuse, with its message, and sends nothing', async () => {
    const calls = renderCard();
    await screen.findByDisplayValue('o3');
    const u = user();
    const audio = screen.getByLabelText('音频输入倍率');
    await u.clear(audio);
    await u.click(audio);
    await u.paste('{"gpt-4o-audio-preview": -16}');
    await save();
    expect(await within(messages).findByText('请检查输入')).toBeTruthy();
    expect(screen.getByText('不是合法的 JSON 字符串')).toBeTruthy();

    await u.clear(audio);
    await u.click(audio);
    await u.paste('{"gpt-4o-audio-preview": 16}');
    const tiers = screen.getByLabelText('长上下文分段价格');
    await u.clear(tiers);
    await u.click(tiers);
    await u.paste('{"gemini-2.5-pro": [{"above_prompt_tokens": 0, "prompt_multiplier": 2, "completion_multiplier": 1.5}]}');
    await save();
    expect(await screen.findByText('模型 gemini-2.5-pro 的长上下文分段价格的 above_prompt_tokens 必须是正整数')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
