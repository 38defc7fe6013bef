import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import TestAgent from 'supertest/lib/agent';
import { LogWriterService } from '../src/logs/log-writer.service';
import { QuotaLedgerService } from '../src/relay/billing/quota-ledger.service';
import { ROOT_PASSWORD, startTestApp, TestApp } from './test-app';

export interface RelayFixture {
  t: TestApp;
  /** Root, signed in. */
  admin: TestAgent;
  /** The relay's /v1 address, for the official openai client. */
  baseURL: string;
  /** Creates a channel through the console API (the defaults given at start, then `fields`). */
  channel: (fields: Record<string, unknown>) => Promise<number>;
  /** A user with `quota` and one token (unlimited unless `tokenFields` say otherwise). */
  customer: (name: string, quota: number, tokenFields?: Record<string, unknown>) => Promise<{ userId: number; key: string; agent: TestAgent; client: OpenAI }>;
  /** The user's balance once the settlements of finished requests are committed. */
  quotaOf: (userId: number) => Promise<number>;
  /** The user's log rows once `count` are written: settlement and logging follow the answer. */
  logsOf: (userId: number, count?: number) => Promise<any[]>;
  /** A streamed chat read as raw text (what the SDK would hide: error events, a missing [DONE]). */
  rawStream: (key: string, model: string) => Promise<string>;
}

/** A streamed chat completion read to its end as a client sees it: the text, the last finish reason and the usage chunk. */
export async function readChatStream(stream: AsyncIterable<OpenAI.ChatCompletionChunk>): Promise<{ text: string; finish: string | null; usage?: OpenAI.CompletionUsage }> {
  let text = '';
  let finish: string | null = null;
  let usage: OpenAI.CompletionUsage | undefined;
  for await (const chunk of stream) {
    text += chunk.choices[0]?.delta?.content ?? '';
    finish = chunk.choices[0]?.finish_reason ?? finish;
    usage = chunk.usage ?? usage;
  }
  return { text, finish, usage };
}

/**
 * The real application listening on 127.0.0.1 for relay tests: models priced at ratio 1 with the
 * given completion ratio, and channels pointing at the test's mock upstream.
 */
export async function startRelayFixture(options: {
  models: readonly string[];
  completionRatio: number;
  channelDefaults: Record<string, unknown>;
  /** Environment overrides for the application (for example ROLE=api: no job workers). */
  env?: Record<string, string | undefined>;
}): Promise<RelayFixture> {
  const t = await startTestApp(options.env);
  await t.app.listen(0, '127.0.0.1');
  const baseURL = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/v1`;
  const admin = (await t.login('root', ROOT_PASSWORD)).agent;
  const priced = (ratio: number) => JSON.stringify(Object.fromEntries(options.models.map((model) => [model, ratio])));
  await admin.put('/api/option/').send({ key: 'ModelRatio', value: priced(1) });
  await admin.put('/api/option/').send({ key: 'CompletionRatio', value: priced(options.completionRatio) });

  return {
    t,
    admin,
    baseURL,
    channel: async (fields) => {
      const reply = await admin.post('/api/channel/').send({ groups: ['default'], ...options.channelDefaults, ...fields });
      if (!reply.body.success) throw new Error(reply.body.message);
      return reply.body.data.ids[0];
    },
    customer: async (name, quota, tokenFields = {}) => {
      const { agent, userId } = await t.signUp(name);
      await t.db.query('UPDATE users SET quota = $2 WHERE id = $1', [userId, quota]);
      const created = await agent.post('/api/token/').send({ name: 'relay', unlimited_quota: true, ...tokenFields });
      if (!created.body.success) throw new Error(created.body.message);
      const key = created.body.data[0].key as string;
      return { userId, key, agent, client: new OpenAI({ apiKey: key, baseURL, maxRetries: 0 }) };
    },
    quotaOf: async (userId) => {
      await t.app.get(QuotaLedgerService).flush();
      return Number((await t.db.query('SELECT quota FROM users WHERE id = $1', [userId]))[0].quota);
    },
    logsOf: async (userId, count = 1) => {
      for (let i = 0; i < 100; i++) {
        await t.app.get(QuotaLedgerService).flush();
        await t.app.get(LogWriterService).flush();
        const rows = await t.db.query('SELECT * FROM logs WHERE user_id = $1 ORDER BY id', [userId]);
        if (rows.length >= count) return rows;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`fewer than ${count} log rows for user ${userId}`);
    },
    rawStream: async (key, model) => {
      const reply = await fetch(`${baseURL}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
      });
      return reply.text();
    },
  };
}
