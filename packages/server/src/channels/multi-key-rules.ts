import { MULTI_KEY_MODES } from '@gw/shared';
import { BusinessError } from '../common/business.error';
import { checkKeyFormat } from './channel-rules';

/** How a create spreads its key lines (new-api's `mode`): one channel per line, or one channel holding them all. */
export const CREATE_MODES = ['single', 'batch', 'multi_to_single'] as const;
/** What an edit's `key` does to a multi-key channel's keys. */
export const KEY_MODES = ['append', 'replace'] as const;
/** What POST /api/channel/multi_key/manage does (new-api's actions). */
export const KEY_ACTIONS = ['get_key_status', 'enable_key', 'disable_key', 'delete_key', 'enable_all_keys', 'disable_all_keys', 'delete_disabled_keys', 'retest_disabled_keys'] as const;
export type KeyAction = (typeof KEY_ACTIONS)[number];

export const MSG_CREATE_MODE = '创建方式只能是 single、batch 或 multi_to_single';
export const MSG_MULTI_KEY_MODE = '多密钥模式只能是 random（随机）或 polling（轮询）';
export const MSG_MULTI_KEY_MODE_ALONE = '只有以 multi_to_single 方式创建的渠道才能设置多密钥模式';
export const MSG_KEY_MODE = '密钥更新方式只能是 append（追加）或 replace（替换）';
export const MSG_NOT_MULTI_KEY = '该渠道不是多密钥渠道';
export const MSG_BACK_TO_SINGLE = '多密钥渠道不能改回单密钥渠道';
export const MSG_KEY_NOT_FOUND = '该密钥不存在';
export const MSG_KEEP_ONE_KEY = '至少保留一个密钥';
export const MSG_KEY_ACTION = `未知的操作，可用的操作：${KEY_ACTIONS.join('、')}`;
export const MSG_KEY_ID = '请指定密钥（key_id）';
export const MSG_VERTEX_KEYS = 'Vertex AI 的多个密钥须为服务账号 JSON 对象组成的 JSON 数组';

/** A channel whose keys live in channel_keys. */
export const isMultiKey = (multiKeyMode: string): boolean => (MULTI_KEY_MODES as readonly string[]).includes(multiKeyMode);

/** Text that is one JSON object, as compact JSON; undefined for anything else. */
function compactObject(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? JSON.stringify(parsed) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Vertex AI keys are JSON documents: several come as a JSON array of service-account objects, or
 * one object per line (what the console sends when it adds keys); a lone object is one key however
 * many lines it spans. Each is stored as compact JSON, so that the same account pasted pretty or
 * compact is one key.
 */
function vertexKeys(text: string): string[] {
  if (text.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new BusinessError(MSG_VERTEX_KEYS);
    }
    if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item))) throw new BusinessError(MSG_VERTEX_KEYS);
    return parsed.map((item) => JSON.stringify(item));
  }
  const lone = compactObject(text);
  if (lone !== undefined) return [lone];
  // A line that is no JSON object stays as it is, for the format check to name it.
  return text.split('\n').map((line) => compactObject(line) ?? line);
}

/**
 * The keys of a multi-key channel's `key` field: one per non-empty line (Vertex AI: see
 * vertexKeys), trimmed, the same text once, each checked against the type's format. Empty text
 * gives none.
 */
export function splitMultiKeys(type: number, text: string): string[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const lines = type === 41 ? vertexKeys(trimmed) : trimmed.split('\n');
  const keys = [...new Set(lines.map((line) => line.trim()).filter(Boolean))];
  for (const [index, key] of keys.entries()) {
    const problem = checkKeyFormat(type, key);
    if (problem) throw new BusinessError(keys.length > 1 ? `第 ${index + 1} 个密钥：${problem}` : problem);
  }
  return keys;
}
