import { describe, expect, it } from 'vitest';
import { makeChannel, makeMultiKeyChannel } from '../test-fake-api';
import { defaultFormValues, valuesFromChannel, type ChannelFormValues } from './channel-form';
import { MSG_INVALID_ARRAY, MSG_REPLACE_NEEDS_KEYS, keyRequest } from './key-request';

const created = (fields: Partial<ChannelFormValues>) => keyRequest({ ...defaultFormValues(), ...fields }, 'create', null);

describe('keyRequest on create', () => {
  it('sends a single key as today, without a mode', () => {
    expect(created({ key: ' sk-a \n' })).toEqual({ ok: true, fields: { key: 'sk-a' } });
    expect(created({ key: 'sk-a\nsk-a' })).toEqual({ ok: true, fields: { key: 'sk-a' } });
  });

  it('sends several keys once each, as batch by default or as one multi-key channel with its selection mode', () => {
    expect(created({ key: 'sk-a\nsk-b\nsk-a' })).toEqual({ ok: true, fields: { key: 'sk-a\nsk-b', mode: 'batch' } });
    expect(created({ key: 'sk-a\nsk-b', create_mode: 'multi_to_single', multi_key_mode: 'polling' })).toEqual({
      ok: true,
      fields: { key: 'sk-a\nsk-b', mode: 'multi_to_single', multi_key_mode: 'polling' },
    });
  });

  it('refuses a mistyped Vertex array and an empty one', () => {
    expect(created({ type: 41, key: '[{' })).toEqual({ ok: false, message: MSG_INVALID_ARRAY });
    expect(created({ type: 41, key: '[]' })).toEqual({ ok: false, message: '请填写渠道名称和渠道密钥！' });
  });
});

describe('keyRequest on edit', () => {
  const multi = makeMultiKeyChannel({ id: 8, multi_key_mode: 'polling' }, { multi_key_enabled: 4, multi_key_auto_disabled: 1 });
  const edited = (channel = multi, fields: Partial<ChannelFormValues> = {}) => keyRequest({ ...valuesFromChannel(channel), ...fields }, 'edit', channel);

  it('keeps the body of a single-key channel unchanged', () => {
    expect(edited(makeChannel(), { key: 'sk-new' })).toEqual({ ok: true, fields: {} });
  });

  it('sends the selection mode of a multi-key channel, and typed keys as an append', () => {
    expect(edited()).toEqual({ ok: true, fields: { multi_key_mode: 'polling' } });
    expect(edited(multi, { key: 'sk-x\nsk-x\nsk-y', multi_key_mode: 'random' })).toEqual({
      ok: true,
      fields: { multi_key_mode: 'random', key: 'sk-x\nsk-y', key_mode: 'append' },
    });
  });

  it('replaces every key only with keys given, and asks first with the numbers', () => {
    expect(edited(multi, { replace_keys: true })).toEqual({ ok: false, message: MSG_REPLACE_NEEDS_KEYS });
    const request = edited(multi, { replace_keys: true, key: 'sk-x\nsk-y' });
    expect(request).toMatchObject({ ok: true, fields: { key: 'sk-x\nsk-y', key_mode: 'replace', multi_key_mode: 'polling' } });
    expect(request.ok && request.confirm?.content).toContain('现有的 5 个密钥');
    expect(request.ok && request.confirm?.content).toContain('换成填写的 2 个密钥');
  });

  it('converts a single-key channel with its selection mode and the typed keys, saying it cannot be undone', () => {
    const request = edited(makeChannel(), { convert_to_multi: true, multi_key_mode: 'polling', key: 'sk-2\nsk-3' });
    expect(request).toMatchObject({ ok: true, fields: { multi_key_mode: 'polling', key: 'sk-2\nsk-3' } });
    expect(request.ok && request.confirm?.content).toContain('不能改回单密钥渠道');
    expect(edited(makeChannel(), { convert_to_multi: true })).toMatchObject({ ok: true, fields: { multi_key_mode: 'random' } });
  });
});
