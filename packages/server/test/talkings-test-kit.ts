import TestAgent from 'supertest/lib/agent';
import { ROOT_PASSWORD, startTestApp, type TestApp } from './test-app';

/** The models the chat tests' channel serves to the default group; gpt-4o reads images. */
export const TEST_MODELS = ['gpt-4o', 'deepseek-chat', 'claude-3-5-sonnet', 'qwen-max', 'glm-4-plus', 'my-custom-model'];

export interface ChatTestKit {
  t: TestApp;
  admin: TestAgent;
  channelId: number;
  /** Adds a message row the way the chat stream stores one: the round's first row when `round` is left out. */
  addRow: (conversationId: number, fields?: { round?: number; queryId?: number; query?: string; answer?: string; status?: string; quota?: number }) => Promise<number>;
}

/** The app, root signed in, and one OpenAI channel serving TEST_MODELS to the default group. */
export async function startChatTestKit(): Promise<ChatTestKit> {
  const t = await startTestApp();
  const admin = (await t.login('root', ROOT_PASSWORD)).agent;
  const created = await admin.post('/api/channel/').send({ type: 1, name: 'chat', key: 'sk-upstream-chat', models: TEST_MODELS.join(','), groups: ['default'] });
  if (!created.body.success) throw new Error(created.body.message);
  const channelId = created.body.data.ids[0] as number;
  const flags = await admin.post('/api/channel/update_ability').send({ channel_id: channelId, group: 'default', model: 'gpt-4o', is_viewable: true });
  if (!flags.body.success) throw new Error(flags.body.message);
  const addRow: ChatTestKit['addRow'] = async (conversationId, fields = {}) => {
    const [conversation] = (await t.db.query('SELECT user_id, model_name FROM conversations WHERE id = $1', [conversationId])) as Array<{ user_id: number; model_name: string }>;
    const query = fields.query ?? 'question';
    const [{ id }] = (await t.db.query(
      `INSERT INTO chat_messages (conversation_id, user_id, model_name, query, message, answer, status, quota, round_id, query_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, to_jsonb($4::text), $5, $6, $7, 0, 0, 1, 1) RETURNING id`,
      [conversationId, conversation.user_id, conversation.model_name, query, fields.answer ?? 'answer', fields.status ?? 'done', fields.quota ?? 0],
    )) as Array<{ id: string }>;
    await t.db.query('UPDATE chat_messages SET round_id = $2, query_id = $3 WHERE id = $1', [id, fields.round ?? id, fields.queryId ?? id]);
    return Number(id);
  };
  return { t, admin, channelId, addRow };
}
