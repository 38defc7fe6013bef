import type { LogItem } from '@/api/logs';

/** A consumption row as GET /api/log/ answers it; fields overridable. */
export function makeLog(fields: Partial<LogItem> = {}): LogItem {
  return {
    id: 1,
    created_at: 1_700_000_000,
    type: 2,
    user_id: 7,
    username: 'alice',
    token_name: 'default',
    model_name: 'gpt-4o',
    resp_model_name: 'gpt-4o',
    use_time: 3,
    is_stream: true,
    prompt_tokens: 100,
    completion_tokens: 50,
    quota: 1000,
    content: '',
    other: JSON.stringify({ frt: 850, model_ratio: 1.25, completion_ratio: 4, group_ratio: 1.5 }),
    status_code: 200,
    ...fields,
  };
}
