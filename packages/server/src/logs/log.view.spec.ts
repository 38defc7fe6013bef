import { describe, expect, it } from 'vitest';
import type { LogEntity } from './log.entity';
import { toSelfLogView, withoutAdminInfo } from './log.view';

const makeRow = (fields: Partial<LogEntity> = {}): LogEntity => ({
  id: '42',
  created_at: 1_700_000_000,
  type: 2,
  user_id: 7,
  username: 'alice',
  token_id: 1,
  token_name: 'default',
  channel: 3,
  channel_name: 'openai-main',
  model_name: 'gpt-4o',
  resp_model_name: 'gpt-4o',
  group: 'default',
  quota: 10,
  prompt_tokens: 1,
  prompt_audio_tokens: 0,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  completion_tokens: 1,
  thoughts_tokens: 0,
  use_time: 1,
  is_stream: false,
  status_code: 200,
  content: '',
  other: JSON.stringify({ frt: 10, admin_info: { use_channel: [3] } }),
  attempts_log: '[]',
  request_id: 'r',
  ip: '127.0.0.1',
  instance: 'gw-a',
  use_time_ms: 1200,
  ...fields,
});

describe(withoutAdminInfo.name, () => {
  it.each([
    ['{"frt":10,"admin_info":{"use_channel":[3]}}', '{"frt":10}'],
    ['{"frt":10,"route":[{"via":"affinity","ch":3,"tier":0,"n":2,"key":"sk-a…wxyz"}],"affinity":"hit"}', '{"frt":10,"affinity":"hit"}'],
    ['{"model_price":0.02}', '{"model_price":0.02}'],
    ['{"group_ratio":2,"cost":150,"cost_ratio":1.5}', '{"group_ratio":2}'],
    ['', ''],
    ['not json', ''],
    ['[1,2]', ''],
    ['null', ''],
  ])('turns %s into %s', (other, expected) => {
    expect(withoutAdminInfo(other)).toBe(expected);
  });
});

describe(toSelfLogView.name, () => {
  it('drops the administrator fields and keeps the rest, with a numeric id', () => {
    const sut = toSelfLogView(makeRow());
    for (const field of ['channel', 'channel_name', 'attempts_log', 'ip', 'instance']) expect(sut).not.toHaveProperty(field);
    expect(sut).toMatchObject({ id: 42, username: 'alice', model_name: 'gpt-4o', other: '{"frt":10}' });
  });
});
