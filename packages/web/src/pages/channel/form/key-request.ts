import type { Channel, ChannelCreateKeys, ChannelUpdateKeys } from '@/api/channels';
import { MSG_REQUIRED, type ChannelFormValues, type FormMode } from './channel-form';
import { isMultiKey } from '../multi-key';
import { detectKeys, keysAsLines, keysForMultiCreate } from './key-lines';

export const MSG_INVALID_ARRAY = '服务账号 JSON 数组格式不正确';
export const MSG_REPLACE_NEEDS_KEYS = '替换全部密钥时请填写新的密钥';

/** A question the administrator answers before a change that cannot be undone is sent. */
export interface Confirmation {
  title: string;
  content: string;
}

export type KeyFields = { key?: string } & ChannelCreateKeys & ChannelUpdateKeys;

export type KeyRequest = { ok: true; fields: KeyFields; confirm?: Confirmation } | { ok: false; message: string };

type KeyValues = Pick<ChannelFormValues, 'type' | 'key' | 'create_mode' | 'multi_key_mode' | 'convert_to_multi' | 'replace_keys'>;

function createFields(values: KeyValues): KeyRequest {
  const detected = detectKeys(values.type, values.key);
  if (detected.invalidArray) return { ok: false, message: MSG_INVALID_ARRAY };
  if (detected.keys.length === 0) return { ok: false, message: MSG_REQUIRED };
  // One key: no choice to make, the body is today's.
  if (detected.keys.length === 1) return { ok: true, fields: { key: detected.keys[0] } };
  if (values.create_mode === 'multi_to_single') {
    return { ok: true, fields: { key: keysForMultiCreate(detected), mode: 'multi_to_single', multi_key_mode: values.multi_key_mode } };
  }
  return { ok: true, fields: { key: keysAsLines(detected), mode: 'batch' } };
}

function multiKeyFields(values: KeyValues, stored: Channel): KeyRequest {
  const detected = detectKeys(values.type, values.key);
  if (detected.invalidArray) return { ok: false, message: MSG_INVALID_ARRAY };
  const fields: KeyFields = { multi_key_mode: values.multi_key_mode };
  if (detected.keys.length === 0) return values.replace_keys ? { ok: false, message: MSG_REPLACE_NEEDS_KEYS } : { ok: true, fields };
  // Updates take keys one per line, a Vertex array included (contract: "ADDS its lines as keys").
  fields.key = keysAsLines(detected);
  if (!values.replace_keys) return { ok: true, fields: { ...fields, key_mode: 'append' } };
  return {
    ok: true,
    fields: { ...fields, key_mode: 'replace' },
    confirm: {
      title: '确定替换全部密钥吗？',
      content: `现有的 ${stored.channel_info.multi_key_size} 个密钥连同它们的状态和用量统计将被删除，换成填写的 ${detected.keys.length} 个密钥。此操作不可撤销。`,
    },
  };
}

function conversionFields(values: KeyValues): KeyRequest {
  const detected = detectKeys(values.type, values.key);
  if (detected.invalidArray) return { ok: false, message: MSG_INVALID_ARRAY };
  const fields: KeyFields = { multi_key_mode: values.multi_key_mode };
  if (detected.keys.length > 0) fields.key = keysAsLines(detected);
  const added = detected.keys.length > 0 ? `，并加入填写的 ${detected.keys.length} 个密钥` : '';
  return {
    ok: true,
    fields,
    confirm: { title: '确定转换为多密钥渠道吗？', content: `当前密钥将成为它的第一个密钥${added}。转换后不能改回单密钥渠道。` },
  };
}

/**
 * The key part of the create or update body (contract: multi-key channels), beside what toPayload
 * builds, and the confirmation asked first for a change that cannot be undone (replacing every key,
 * converting to multi-key). An edit of a single-key channel keeps today's body.
 */
export function keyRequest(values: KeyValues, mode: FormMode, stored: Channel | null): KeyRequest {
  if (mode === 'create') return createFields(values);
  if (stored && isMultiKey(stored)) return multiKeyFields(values, stored);
  if (values.convert_to_multi) return conversionFields(values);
  return { ok: true, fields: {} };
}
