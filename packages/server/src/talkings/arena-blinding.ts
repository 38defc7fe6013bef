import { arenaModelName } from '@gw/shared';
import type { ClientChunk } from '../relay/adaptors/adaptor';
import { RelayError } from '../relay/relay-error';

/**
 * What every reply must hide of a conversation in an arena battle not yet voted (issue 33): its
 * model, named by its place instead (模型 A). Built from the conversation row; undefined when
 * nothing is hidden (a plain compare chat, or a battle already voted).
 */
export interface Blind {
  label: string;
  model: string;
}

export const blindOf = (conversation: { arena_label: string; arena_hidden: boolean; model_name: string }): Blind | undefined =>
  conversation.arena_hidden && conversation.arena_label !== '' ? { label: conversation.arena_label, model: conversation.model_name } : undefined;

/** The model's name as the reply shows it. */
export const shownModel = (model: string, blind: Blind | undefined): string => (blind ? arenaModelName(blind.label) : model);

/**
 * Text the server wrote (an error message: the upstream's, or ours naming the model) with the
 * hidden model's name replaced by its place, whatever its case. An answer's own text is never
 * rewritten: a model that says who it is still counts, as in the public arena.
 */
export function maskModel(text: string, blind: Blind | undefined): string {
  if (!blind || !text || !blind.model) return text;
  const lower = text.toLowerCase();
  const name = blind.model.toLowerCase();
  let masked = '';
  let from = 0;
  for (let at = lower.indexOf(name); at !== -1; at = lower.indexOf(name, from)) {
    masked += text.slice(from, at) + arenaModelName(blind.label);
    from = at + name.length;
  }
  return masked + text.slice(from);
}

export const maskedError = (error: RelayError, blind: Blind | undefined): RelayError =>
  blind ? new RelayError(error.status, maskModel(error.message, blind), error.type, error.code) : error;

/**
 * The fields of an OpenAI chunk a blind stream keeps; the rest could tell the model
 * (system_fingerprint, a router's provider, the usage's token counts: a tokenizer's signature).
 */
interface BlindChunk {
  id: string;
  object: unknown;
  created: unknown;
  model: string;
  choices: unknown;
}

/**
 * A stream chunk of a hidden model: its `model` is the place, its `id` one of ours (an upstream's
 * id format names its vendor), and only the fields a chat client reads are kept.
 */
export function blindChunk(chunk: ClientChunk, blind: Blind, messageId: number): ClientChunk {
  let parsed: Record<string, unknown>;
  try {
    parsed = (typeof chunk === 'string' ? JSON.parse(chunk) : chunk) as Record<string, unknown>;
  } catch {
    return maskModel(chunk as string, blind);
  }
  if (!parsed || typeof parsed !== 'object') return maskModel(String(chunk), blind);
  const kept: BlindChunk = { id: `arena-${messageId}`, object: parsed.object, created: parsed.created, model: arenaModelName(blind.label), choices: parsed.choices };
  return kept as unknown as ClientChunk;
}
