import { MSG_CHAT_MESSAGE_NOT_FOUND, MSG_CHAT_MESSAGE_REQUIRED, MSG_CHAT_SELECT_MODEL_FIRST, MSG_CONVERSATION_NOT_FOUND, MSG_TALKING_NOT_FOUND } from '@gw/shared';
import { Allow, IsArray, IsBoolean, IsOptional } from 'class-validator';
import { describe, expect, it } from 'vitest';
import { BusinessError } from '../../common/business.error';
import { IsId } from '../../common/int-range';
import { createValidationPipe } from '../../common/validation.pipe';
import { IsModelName, MSG_MODEL_NAME_TOO_LONG } from './chat-fields.rules';
import { IsMessageId, readCompareChat } from './compare-chat.dto';

/** The same rules as a DTO class through the global validation pipe: the oracle readCompareChat must agree with. */
class CompareChatClass {
  // Optional: an arena conversation answers with its hidden model (CompareChatService.prepare refuses its absence elsewhere).
  @IsOptional() @IsModelName() model?: string;
  @IsArray({ message: MSG_CHAT_MESSAGE_REQUIRED }) messages: unknown[];
  @IsId(MSG_CONVERSATION_NOT_FOUND) conversation_id: number;
  @IsId(MSG_TALKING_NOT_FOUND) talking_id: number;
  @IsOptional() @IsMessageId() last_id?: number | null;
  @IsOptional() @IsMessageId() last_edit_id?: number | null;
  @IsOptional() @IsBoolean({ message: 'enable_thinking 必须是 true 或 false' }) enable_thinking?: boolean | null;
  @IsOptional() @IsBoolean({ message: 'stream 必须是 true 或 false' }) stream?: boolean;
  @Allow() temperature?: unknown;
  @Allow() top_p?: unknown;
  @Allow() top_k?: unknown;
  @Allow() presence_penalty?: unknown;
  @Allow() frequency_penalty?: unknown;
  @Allow() max_tokens?: unknown;
  @Allow() seed?: unknown;
}

const pipe = createValidationPipe();
const base = { model: 'mock-a', messages: [{ role: 'user', content: '你好' }], conversation_id: 7, talking_id: 3 };

/** What a reader makes of a body: its message when refused, else the fields it kept (undefined ones left out). */
async function outcome(read: () => unknown): Promise<unknown> {
  try {
    const kept = (await read()) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(kept).filter(([, value]) => value !== undefined));
  } catch (error) {
    expect(error).toBeInstanceOf(BusinessError);
    return (error as Error).message;
  }
}

/** Fields of the cases that no rule names: dropped. */
const UNKNOWN = ['stream_options', 'role'];

const cases: Array<[string, Record<string, unknown>, string | null]> = [
  ['a whole call', base, null],
  ['no model (an arena conversation)', { ...base, model: undefined }, null],
  ['a null model', { ...base, model: null }, null],
  ['an empty model', { ...base, model: '' }, MSG_CHAT_SELECT_MODEL_FIRST],
  ['a model that is a number', { ...base, model: 5 }, MSG_CHAT_SELECT_MODEL_FIRST],
  ['a model name too long', { ...base, model: 'm'.repeat(256) }, MSG_MODEL_NAME_TOO_LONG],
  ['the longest model name', { ...base, model: 'm'.repeat(255) }, null],
  ['messages not a list', { ...base, messages: 'hi' }, MSG_CHAT_MESSAGE_REQUIRED],
  ['no conversation', { ...base, conversation_id: undefined }, MSG_CONVERSATION_NOT_FOUND],
  ['a conversation id as text', { ...base, conversation_id: '7' }, MSG_CONVERSATION_NOT_FOUND],
  ['a conversation id of 0', { ...base, conversation_id: 0 }, MSG_CONVERSATION_NOT_FOUND],
  ['a conversation id past int4', { ...base, conversation_id: 2 ** 31 }, MSG_CONVERSATION_NOT_FOUND],
  ['a fractional talking id', { ...base, talking_id: 1.5 }, MSG_TALKING_NOT_FOUND],
  ['a negative last_id', { ...base, last_id: -1 }, MSG_CHAT_MESSAGE_NOT_FOUND],
  ['a last_id past safe integers', { ...base, last_id: 2 ** 53 }, MSG_CHAT_MESSAGE_NOT_FOUND],
  ['a null last_id and last_edit_id', { ...base, last_id: null, last_edit_id: null }, null],
  ['a big last_edit_id', { ...base, last_edit_id: 2 ** 40 }, null],
  ['a last_edit_id as text', { ...base, last_edit_id: '9' }, MSG_CHAT_MESSAGE_NOT_FOUND],
  ['enable_thinking as text', { ...base, enable_thinking: 'yes' }, 'enable_thinking 必须是 true 或 false'],
  ['stream as a number', { ...base, stream: 1 }, 'stream 必须是 true 或 false'],
  ['flags as sent', { ...base, enable_thinking: false, stream: true }, null],
  ['sampling parameters kept as sent, unknown fields dropped', { ...base, temperature: 'hot', seed: 4, stream_options: { include_usage: true }, role: 'admin' }, null],
  ['several rules broken: the first field in order answers', { model: '', messages: 1, conversation_id: 'x' }, MSG_CHAT_SELECT_MODEL_FIRST],
  ['a later field broken after a good one', { ...base, messages: null, talking_id: 0 }, MSG_CHAT_MESSAGE_REQUIRED],
];

describe('readCompareChat', () => {
  it.each(cases)('%s: as the validation pipe on the same rules', async (_name, body, message) => {
    const read = await outcome(() => readCompareChat(body));
    if (message) expect(read).toBe(message);
    else expect(read).toEqual(Object.fromEntries(Object.entries(body).filter(([name, value]) => value !== undefined && !UNKNOWN.includes(name))));
    expect(read).toEqual(await outcome(() => pipe.transform(body, { type: 'body', metatype: CompareChatClass })));
  });
});
