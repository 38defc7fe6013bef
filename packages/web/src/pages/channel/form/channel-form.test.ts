import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPE_MODELS } from '@gw/shared';
import { makeChannel } from '../test-fake-api';
import {
  copyOf,
  defaultFormValues,
  defaultModelsForType,
  isJsonObject,
  otherForType,
  parseCustomModels,
  toPayload,
  valuesFromChannel,
  type ChannelFormValues,
} from './channel-form';

const valid = (fields: Partial<ChannelFormValues> = {}): ChannelFormValues => ({
  ...defaultFormValues(),
  name: 'openai-1',
  key: 'sk-one',
  models: ['gpt-4o'],
  ...fields,
});

const message = (values: ChannelFormValues, mode: 'create' | 'edit' = 'create') => {
  const result = toPayload(values, mode);
  return result.ok ? null : result.message;
};

const payload = (values: ChannelFormValues, mode: 'create' | 'edit' = 'create') => {
  const result = toPayload(values, mode);
  if (!result.ok) throw new Error(result.message);
  return result.payload;
};

describe('defaultFormValues', () => {
  it('starts as type 1 with auto ban on, the default group, priority and weight 0, and request limits off', () => {
    const values = defaultFormValues();
    expect(values).toMatchObject({ type: 1, auto_ban: true, groups: ['default'], priority: 0, weight: 0, key: '', name: '', other: '', req_limit_enabled: false });
    // The spec's limits are the suggestion shown when limits are turned on, not sent until then.
    expect(JSON.parse(values.model_req_limit)).toEqual({ rpd: 100, rpm: 10, tpd: 10000, tpm: 20 });
    expect(payload(valid()).model_req_limit).toBe('');
    expect(values.models).toEqual(CHANNEL_TYPE_MODELS[1]);
  });

  it('prefills the models GET /api/models cached for type 1', () => {
    expect(defaultFormValues({ 1: ['gpt-4o'] }).models).toEqual(['gpt-4o']);
  });
});

describe('defaultModelsForType', () => {
  it('prefers the cached map and falls back to the shared catalogue', () => {
    expect(defaultModelsForType(14, { 14: ['claude-x'] })).toEqual(['claude-x']);
    expect(defaultModelsForType(14, null)).toEqual(CHANNEL_TYPE_MODELS[14]);
    expect(defaultModelsForType(36, {})).toEqual(['suno_music', 'suno_lyrics']);
    expect(defaultModelsForType(999)).toEqual([]);
  });

  it('returns a copy the form may change', () => {
    defaultModelsForType(1).push('x');
    expect(CHANNEL_TYPE_MODELS[1]).not.toContain('x');
  });
});

describe('otherForType', () => {
  it('gives Azure its API version and Spark its model version when the field is empty', () => {
    expect(otherForType('', 3)).toBe('2023-06-01-preview');
    expect(otherForType('  ', 18)).toBe('v2.1');
  });

  it('replaces another type default but keeps what the admin typed', () => {
    expect(otherForType('2023-06-01-preview', 18)).toBe('v2.1');
    expect(otherForType('v2.1', 1)).toBe('');
    expect(otherForType('2024-02-01', 18)).toBe('2024-02-01');
  });
});

describe('toPayload', () => {
  it('requires type, name, groups and key on create', () => {
    expect(message(valid({ name: ' ' }))).toBe('请填写渠道名称和渠道密钥！');
    expect(message(valid({ key: '' }))).toBe('请填写渠道名称和渠道密钥！');
    expect(message(valid({ groups: [] }))).toBe('请填写渠道名称和渠道密钥！');
    expect(message(valid({ type: 0 }))).toBe('请填写渠道名称和渠道密钥！');
    expect(message(valid())).toBeNull();
  });

  it('requires at least one model', () => {
    expect(message(valid({ models: [] }))).toBe('请至少选择一个模型！');
    expect(message(valid({ models: [] }), 'edit')).toBe('请至少选择一个模型！');
  });

  it('leaves the key out on edit when it is empty, so the stored key is kept', () => {
    expect(payload(valid({ key: '' }), 'edit')).not.toHaveProperty('key');
    expect(payload(valid({ key: ' sk-new ' }), 'edit').key).toBe('sk-new');
  });

  it('keeps one key per line on create', () => {
    expect(payload(valid({ key: 'sk-a\nsk-b\n' })).key).toBe('sk-a\nsk-b');
  });

  it('checks every JSON field with its own message', () => {
    expect(message(valid({ model_mapping: '{"a": "b"' }))).toBe('模型映射必须是合法的 JSON 格式！');
    expect(message(valid({ model_mapping: '["a"]' }))).toBe('模型映射必须是合法的 JSON 格式！');
    expect(message(valid({ model_req_config: 'gpt-4o=30' }))).toBe('模型请求超时时间设置必须是合法的 JSON 格式！');
    expect(message(valid({ status_code_mapping: '400' }))).toBe('状态码映射必须是合法的 JSON 格式！');
    expect(message(valid({ req_limit_enabled: true, model_req_limit: 'rpm=10' }))).toBe('模型请求限制必须是合法的 JSON 格式！');
    expect(message(valid({ req_limit_enabled: false, model_req_limit: 'rpm=10' }))).toBeNull();
    expect(message(valid({ model_mapping: '{"gpt-3.5-turbo": "gpt-3.5-turbo-0125"}', model_req_config: '{"gpt-4o": 30}', model_req_limit: '' }))).toBeNull();
  });

  it('joins groups and models with commas, without blanks or repeats', () => {
    const body = payload(valid({ groups: ['default', 'vip', 'vip'], models: ['gpt-4o', ' o3 ', 'gpt-4o', ''] }));
    expect(body.group).toBe('default,vip');
    expect(body.models).toBe('gpt-4o,o3');
  });

  it('removes trailing slashes from the base URL', () => {
    expect(payload(valid({ base_url: ' https://api.example.com// ' })).base_url).toBe('https://api.example.com');
    expect(payload(valid({ type: 8, base_url: 'https://x.example.com/v1/{model}/chat/' })).base_url).toBe('https://x.example.com/v1/{model}/chat');
  });

  it('fills the Azure and Spark "other" default when it was left empty', () => {
    expect(payload(valid({ type: 3, other: '' })).other).toBe('2023-06-01-preview');
    expect(payload(valid({ type: 18, other: '' })).other).toBe('v2.1');
    expect(payload(valid({ type: 3, other: '2024-02-01' })).other).toBe('2024-02-01');
    expect(payload(valid({ type: 41, other: '{"default": "us-central1"}' })).other).toBe('{"default": "us-central1"}');
  });

  it('sends the request limits only while they are turned on', () => {
    expect(payload(valid({ req_limit_enabled: true, model_req_limit: ' {"rpm": 60} ' })).model_req_limit).toBe('{"rpm": 60}');
    expect(payload(valid({ req_limit_enabled: false, model_req_limit: '{"rpm": 60}' })).model_req_limit).toBe('');
  });

  it('sends auto_ban as 1/0 and whole numbers, 0 for empty ones', () => {
    const body = payload(valid({ auto_ban: false, priority: undefined, weight: 2.7, max_input_tokens: undefined }));
    expect(body).toMatchObject({ auto_ban: 0, priority: 0, weight: 2, max_input_tokens: 0 });
    expect(payload(valid()).auto_ban).toBe(1);
  });
});

describe('valuesFromChannel', () => {
  it('splits group and models into lists, starts with an empty key and maps auto_ban to the switch', () => {
    const values = valuesFromChannel(makeChannel({ group: 'default, vip', models: 'a,b', auto_ban: 0, key: '' }));
    expect(values).toMatchObject({ groups: ['default', 'vip'], models: ['a', 'b'], key: '', auto_ban: false });
  });

  it('turns the limits switch on for a channel with limits, and offers the suggestion to one without', () => {
    const limited = valuesFromChannel(makeChannel({ model_req_limit: '{"rpm": 60, "tpd": 0}' }));
    expect(limited).toMatchObject({ req_limit_enabled: true, model_req_limit: '{"rpm": 60, "tpd": 0}' });
    expect(payload(limited, 'edit').model_req_limit).toBe('{"rpm": 60, "tpd": 0}');
    for (const stored of ['', '{}', '{"rpm": 0}']) {
      const open = valuesFromChannel(makeChannel({ model_req_limit: stored }));
      expect(open.req_limit_enabled, stored).toBe(false);
      expect(JSON.parse(open.model_req_limit)).toEqual({ rpd: 100, rpm: 10, tpd: 10000, tpm: 20 });
      expect(payload(open, 'edit').model_req_limit).toBe('');
    }
  });

  it('round-trips through toPayload unchanged', () => {
    const channel = makeChannel({ type: 14, group: 'default,vip', models: 'claude-x', tag: 't', priority: -5, weight: 3, test_model: 'claude-x' });
    expect(payload(valuesFromChannel(channel), 'edit')).toMatchObject({
      type: 14,
      group: 'default,vip',
      models: 'claude-x',
      tag: 't',
      priority: -5,
      weight: 3,
      test_model: 'claude-x',
      auto_ban: 1,
    });
  });
});

describe('copyOf', () => {
  it('names the copy with 副本, points copy_from at the original and sends no id or usage', () => {
    const copy = copyOf(makeChannel({ id: 4, name: 'main', status: 2, used_quota: 99, balance: 3 }));
    expect(copy).toMatchObject({ name: 'main 副本', copy_from: 4, key: '', status: 2 });
    expect(copy).not.toHaveProperty('id');
    expect(copy).not.toHaveProperty('used_quota');
    expect(copy).not.toHaveProperty('balance');
  });
});

describe('isJsonObject', () => {
  it('accepts objects only', () => {
    expect(isJsonObject('{}')).toBe(true);
    expect(isJsonObject('[]')).toBe(false);
    expect(isJsonObject('null')).toBe(false);
    expect(isJsonObject('"x"')).toBe(false);
    expect(isJsonObject('{x: 1}')).toBe(false);
  });
});

describe('parseCustomModels', () => {
  it('splits on commas and newlines and trims', () => {
    expect(parseCustomModels(' a , b\nc，d\n\n', [])).toEqual({ added: ['a', 'b', 'c', 'd'], duplicates: [] });
  });

  it('rejects names already chosen or typed twice', () => {
    expect(parseCustomModels('gpt-4o, new, new, gpt-4o', ['gpt-4o'])).toEqual({ added: ['new'], duplicates: ['gpt-4o', 'new'] });
  });
});

describe('cost_ratio', () => {
  it('starts at 1 (list price), is read from the channel, sent as set and copied with the channel', () => {
    expect(defaultFormValues().cost_ratio).toBe(1);
    expect(payload(valid()).cost_ratio).toBe(1);
    expect(payload(valid({ cost_ratio: 0 })).cost_ratio).toBe(0);
    expect(valuesFromChannel(makeChannel({ cost_ratio: 0.35 })).cost_ratio).toBe(0.35);
    expect(payload(valuesFromChannel(makeChannel({ cost_ratio: 0.35 })), 'edit').cost_ratio).toBe(0.35);
    expect(copyOf(makeChannel({ cost_ratio: 1.2 })).cost_ratio).toBe(1.2);
  });

  it.each([[undefined], [-0.1], [100.5], [Number.NaN], [Number.POSITIVE_INFINITY]])('refuses %s with the server’s message', (costRatio) => {
    expect(message(valid({ cost_ratio: costRatio }))).toBe('成本倍率必须是 0 到 100 之间的数字');
  });
});
