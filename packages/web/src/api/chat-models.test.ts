import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MSG_CHAT_MODEL_CONFIG_FAILED,
  MSG_CHAT_RESPONSE_FORMAT_ERROR,
  MSG_CHAT_SET_CONFIG_FAILED,
  MSG_CHAT_USER_CONFIG_FAILED,
} from '@gw/shared';
import { fail, fakeApi, ok } from '@/pages/channel/test-fake-api';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import { getModelConfig, getModelRules, listChatModels, listHistoryModels, saveModelConfig } from './chat-models';

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.getState().clearUser();
});

describe('chat model calls', () => {
  it('refuses a model list that is not a list', async () => {
    fakeApi({ 'GET /v1/models/lists': ok({ models: [] }) });
    await expect(listChatModels()).rejects.toThrow(MSG_CHAT_RESPONSE_FORMAT_ERROR);
  });

  it("sends the user's token with the model list", async () => {
    useUserStore.getState().setUser(makeUser({ token: 'secret' }));
    const stub = vi.fn(async () => new Response(JSON.stringify({ success: true, message: '', data: [] })));
    vi.stubGlobal('fetch', stub);
    await expect(listChatModels()).resolves.toEqual([]);
    const [, init] = stub.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer secret');
  });

  it('reads a saved config from its JSON text, and null when there is none or it is not an object', async () => {
    let saved: unknown = { model_name: 'gpt-4o', config: '{"temperature":1.1}' };
    const calls = fakeApi({ 'GET /v1/models/model_config': () => ok(saved) });
    await expect(getModelConfig('gpt-4o')).resolves.toEqual({ temperature: 1.1 });
    expect(calls[0].query).toEqual({ model_name: 'gpt-4o' });
    saved = null;
    await expect(getModelConfig('gpt-4o')).resolves.toBeNull();
    saved = { model_name: 'gpt-4o', config: 'not json' };
    await expect(getModelConfig('gpt-4o')).resolves.toBeNull();
    saved = { model_name: 'gpt-4o', config: '[1,2]' };
    await expect(getModelConfig('gpt-4o')).resolves.toBeNull();
  });

  it('saves the parameters as JSON text', async () => {
    const calls = fakeApi({ 'POST /v1/models/model_config': ok(null) });
    await saveModelConfig('gpt-4o', { temperature: 0.2, seed: 7 });
    expect(calls[0].body).toEqual({ model_name: 'gpt-4o', config: '{"temperature":0.2,"seed":7}' });
  });

  it('rejects with the spec message of each failed call', async () => {
    fakeApi({
      'GET /v1/models/model_default_rule': fail('boom'),
      'GET /v1/models/model_config': fail('boom'),
      'POST /v1/models/model_config': fail('boom'),
    });
    await expect(getModelRules('gpt-4o')).rejects.toThrow(MSG_CHAT_MODEL_CONFIG_FAILED);
    await expect(getModelConfig('gpt-4o')).rejects.toThrow(MSG_CHAT_USER_CONFIG_FAILED);
    await expect(saveModelConfig('gpt-4o', {})).rejects.toThrow(MSG_CHAT_SET_CONFIG_FAILED);
  });

  it('treats a failed usage history as empty', async () => {
    fakeApi({});
    await expect(listHistoryModels()).resolves.toEqual([]);
  });
});
