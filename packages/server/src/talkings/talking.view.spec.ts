import { describe, expect, it } from 'vitest';
import type { ChatMessageEntity } from './chat-message.entity';
import { MSG_ANSWER_INTERRUPTED, messageViewAt, STREAM_ABANDONED_SECONDS } from './talking.view';

const row = (fields: Partial<ChatMessageEntity>): ChatMessageEntity =>
  ({
    id: 7,
    conversation_id: 3,
    user_id: 2,
    model_name: 'gpt-4o',
    query: '你好',
    message: '你好',
    answer: '',
    thinking: '',
    last_id: null,
    last_edit_id: null,
    round_id: 7,
    query_id: 7,
    stop_index: null,
    status: 'streaming',
    error: '',
    quota: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    first_token_ms: 0,
    duration_ms: 0,
    request_id: '',
    created_at: 1000,
    updated_at: 1000,
    ...fields,
  }) as ChatMessageEntity;

describe('messageViewAt', () => {
  it('shows a live answer as streaming', () => {
    expect(messageViewAt(row({}), 1000 + 60).status).toBe('streaming');
  });

  it('shows an answer whose process died as interrupted, once no live answer could still be running', () => {
    const view = messageViewAt(row({}), 1000 + STREAM_ABANDONED_SECONDS + 1);
    expect(view.status).toBe('error');
    expect(view.error).toBe(MSG_ANSWER_INTERRUPTED);
  });

  it('leaves finished answers alone however old', () => {
    const view = messageViewAt(row({ status: 'done', answer: '好' }), 1000 + 10 * STREAM_ABANDONED_SECONDS);
    expect(view).toMatchObject({ status: 'done', error: '', answer: '好' });
  });
});
