import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import {
  MSG_CHAT_NO_PARAMS,
  MSG_CHAT_PARAMS_APPLIED,
  MSG_CHAT_SET_CONFIG_FAILED,
  paramRulesFor,
  type ModelParams,
} from '@gw/shared';
import { fail, fakeApi, ok, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages, user } from '@/pages/channel/test-page';
import { makeModel } from '@/components/model-picker/test-models';
import { ModelParamsModal } from './index';

const GPT = makeModel('gpt-4o', { is_viewable: true });

let messages: HTMLElement;
const message = (text: string) => within(messages).findByText(text);

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  Modal.destroyAll();
  vi.unstubAllGlobals();
  messages.remove();
});

function renderModal(value: ModelParams = {}, routes: Record<string, Route> = {}) {
  const calls = fakeApi({
    'GET /v1/models/model_default_rule': (call) => ok(paramRulesFor(call.query.model)),
    'POST /v1/models/model_config': ok(null),
    ...routes,
  });
  const onOk = vi.fn();
  const onCancel = vi.fn();
  render(<ModelParamsModal visible model={GPT} value={value} onOk={onOk} onCancel={onCancel} />);
  return { calls, onOk, onCancel };
}

const box = (name: string) => screen.findByRole('spinbutton', { name });
const saves = (calls: ReturnType<typeof fakeApi>) => calls.filter((call) => call.method === 'POST');

describe(ModelParamsModal.name, () => {
  it("loads the model's rules and shows each parameter with its bounds, step and default", async () => {
    const { calls } = renderModal();
    const temperature = await box('temperature');
    expect(calls[0]).toMatchObject({ path: '/v1/models/model_default_rule', query: { model: 'gpt-4o' } });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getAllByRole('spinbutton').map((input) => input.getAttribute('aria-label'))).toEqual([
      'temperature',
      'top_p',
      'presence_penalty',
      'frequency_penalty',
      'max_tokens',
      'seed',
    ]);
    expect((temperature as HTMLInputElement).value).toBe('0.7');
    expect(temperature.getAttribute('aria-valuemin')).toBe('0');
    expect(temperature.getAttribute('aria-valuemax')).toBe('2');
    expect(((await box('top_p')) as HTMLInputElement).value).toBe('1.00');
    expect(((await box('presence_penalty')) as HTMLInputElement).value).toBe('0.0');
    const seed = await box('seed');
    expect(seed.getAttribute('aria-valuemin')).toBe('0');
    expect(seed.getAttribute('aria-valuemax')).toBe('100000');
    expect(within(dialog).getAllByRole('slider')).toHaveLength(6);
  });

  it('steps by 10^-precision for floats and 1 for integers, and saves what it shows', async () => {
    const { calls, onOk } = renderModal();
    const u = user();
    await u.click(await box('temperature'));
    await u.keyboard('{ArrowUp}');
    await u.click(await box('seed'));
    await u.keyboard('{ArrowUp}{ArrowUp}');
    await u.click(screen.getByRole('button', { name: '确定' }));
    await message(MSG_CHAT_PARAMS_APPLIED);
    const expected = { temperature: 0.8, top_p: 1, presence_penalty: 0, frequency_penalty: 0, max_tokens: 4096, seed: 2 };
    expect(saves(calls)).toHaveLength(1);
    expect(saves(calls)[0].path).toBe('/v1/models/model_config');
    const body = saves(calls)[0].body as { model_name: string; config: string };
    expect(body.model_name).toBe('gpt-4o');
    expect(JSON.parse(body.config)).toEqual(expected);
    expect(onOk).toHaveBeenCalledWith(expected);
  });

  it('starts from the given values, drops those the model does not take, and restores the defaults', async () => {
    const { calls, onOk } = renderModal({ temperature: 1.2, top_k: 40 });
    expect(((await box('temperature')) as HTMLInputElement).value).toBe('1.2');
    const u = user();
    await u.click(screen.getByRole('button', { name: '恢复默认' }));
    expect(((await box('temperature')) as HTMLInputElement).value).toBe('0.7');
    await u.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onOk).toHaveBeenCalled());
    expect(JSON.parse((saves(calls)[0].body as { config: string }).config)).toEqual(defaultsOfGpt());
  });

  it('refuses an out-of-range value without saving', async () => {
    const { calls, onOk } = renderModal({ temperature: 5 });
    await box('temperature');
    await user().click(screen.getByRole('button', { name: '确定' }));
    await message('参数 temperature 必须在 0 到 2 之间');
    expect(saves(calls)).toHaveLength(0);
    expect(onOk).not.toHaveBeenCalled();
  });

  it('refuses an emptied number box without saving', async () => {
    const { calls, onOk } = renderModal();
    fireEvent.change(await box('top_p'), { target: { value: '' } });
    await user().click(screen.getByRole('button', { name: '确定' }));
    await message('参数 top_p 必须是数字');
    expect(saves(calls)).toHaveLength(0);
    expect(onOk).not.toHaveBeenCalled();
  });

  it('keeps the dialog open when the save fails', async () => {
    const { onOk } = renderModal({}, { 'POST /v1/models/model_config': fail('数据库不可用') });
    await box('temperature');
    await user().click(screen.getByRole('button', { name: '确定' }));
    await message(MSG_CHAT_SET_CONFIG_FAILED);
    expect(onOk).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says so when the model takes no parameters', async () => {
    renderModal({}, { 'GET /v1/models/model_default_rule': ok([]) });
    expect(await screen.findByText(MSG_CHAT_NO_PARAMS)).toBeTruthy();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });
});

function defaultsOfGpt(): ModelParams {
  return Object.fromEntries(paramRulesFor('gpt-4o').map((rule) => [rule.name, rule.default]));
}
