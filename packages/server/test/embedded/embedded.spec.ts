import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILT_MAIN, type BuiltServer, startBuiltServer } from '../built-server';
import { MockOpenAiUpstream } from '../mock-openai-upstream';
import { TEST_OPTIONS } from '../test-app';

const STARTUP_TIMEOUT_MS = 120_000;

describe('embedded defaults (PGlite + in-process jobs)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-embedded-'));
  const running: BuiltServer[] = [];
  let upstream: MockOpenAiUpstream | undefined;
  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    await upstream?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'migrates, prints a random root password once, keeps data across a restart',
    async () => {
      const first = await startBuiltServer({ DATA_DIR: dataDir });
      running.push(first);
      const match = /Its password, shown only this once: ([A-Za-z0-9_-]+)/.exec(first.output());
      expect(match, first.output()).not.toBeNull();
      const password = match![1];
      expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
      const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
      expect(secrets.sessionSecret).toHaveLength(64);

      const agent = request.agent(first.url);
      const login = await agent.post('/api/user/login').send({ username: 'root', password });
      expect(login.body).toMatchObject({ success: true, data: { id: 1, role: 100 } });
      agent.set('New-Api-User', '1');
      const saved = await agent.put('/api/option/').send({ key: 'SystemName', value: '嵌入式网关' });
      expect(saved.body.success).toBe(true);

      // The relay on PGlite: a customer with room for a quota hold is billed in memory, and the
      // graceful stop writes the spending and the logs back.
      upstream = await new MockOpenAiUpstream().start();
      // The tests' options (a loopback upstream needs ChannelPrivateAddressEnabled), saved as an operator would.
      for (const [key, value] of [...Object.entries(TEST_OPTIONS), ['ModelRatio', '{"mock-a":1}'], ['CompletionRatio', '{"mock-a":2}'], ['QuotaForNewUser', '10000000']]) {
        expect((await agent.put('/api/option/').send({ key, value })).body.success).toBe(true);
      }
      const channel = await agent.post('/api/channel/').send({ type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url, models: 'mock-a', groups: ['default'] });
      expect(channel.body.success).toBe(true);
      const customer = request.agent(first.url);
      // Out of the box, registration is by invitation (spec 1 §1): root's code admits the customer.
      const uninvited = await customer.post('/api/user/register').send({ username: 'customer', password: 'customer-pass' });
      expect(uninvited.body).toMatchObject({ success: false, message: '本站采用邀请制，注册需要填写邀请码' });
      const aff_code = (await agent.get('/api/user/aff')).body.data as string;
      expect((await customer.post('/api/user/register').send({ username: 'customer', password: 'customer-pass', aff_code })).body.success).toBe(true);
      const customerLogin = await customer.post('/api/user/login').send({ username: 'customer', password: 'customer-pass' });
      customer.set('New-Api-User', String(customerLogin.body.data.id));
      const token = await customer.post('/api/token/').send({ name: 'embedded', unlimited_quota: true });
      const key = token.body.data[0].key as string;
      for (let i = 0; i < 3; i++) {
        const reply = await request(first.url).post('/v1/chat/completions').set('authorization', `Bearer ${key}`).send({ model: 'mock-a', messages: [{ role: 'user', content: 'hi' }] });
        expect(reply.body.choices[0].message.content).toBe('Hello from mock-a');
      }
      await first.stop();

      // Same port: the signed-in client below talks to the restarted server.
      const second = await startBuiltServer({ DATA_DIR: dataDir }, first.port);
      running.push(second);
      expect(second.output()).not.toMatch(/shown only this once/);
      const status = await request(second.url).get('/api/status');
      expect(status.body.data.system_name).toBe('嵌入式网关');
      // The session survived too: sessions live in the database, signed with the persisted secret.
      const self = await agent.get('/api/user/self');
      expect(self.body).toMatchObject({ success: true, data: { username: 'root' } });
      // Three answers of 11 prompt + 7 completion tokens at completion ratio 2: 3 × 25.
      const customerSelf = await customer.get('/api/user/self');
      expect(customerSelf.body.data).toMatchObject({ quota: 10_000_000 - 75, used_quota: 75, request_count: 3 });
      const logs = await customer.get('/api/log/self/').query({ p: 0, page_size: 10 });
      expect(logs.body.data.items.map((log: { quota: number }) => log.quota)).toEqual([25, 25, 25]);

      // The compare chat on PGlite: two talkings asked at once (one read of session and
      // conversations, one write of both rows), each answer stored with its cost.
      const columns: Array<{ talking_id: number; conversation_id: number }> = [];
      for (const name of ['嵌入式对比一', '嵌入式对比二']) {
        const talking = await customer.post('/relay/v1/talking/').send({ name, summary: '' });
        const conversations = await customer.post('/relay/v1/conversation/').send([{ talking_id: talking.body.data.id, model_name: 'mock-a' }]);
        expect(conversations.body.success, JSON.stringify(conversations.body)).toBe(true);
        columns.push({ talking_id: talking.body.data.id, conversation_id: conversations.body.data[0].id });
      }
      const cookie = ([] as string[]).concat(customerLogin.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
      const answers = await Promise.all(
        columns.map(async (column) => {
          const reply = await fetch(`${second.url}/v1/chat/completions`, {
            method: 'POST',
            headers: { cookie, 'new-api-user': String(customerLogin.body.data.id), 'content-type': 'application/json' },
            body: JSON.stringify({ model: 'mock-a', ...column, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
          });
          expect(reply.status).toBe(200);
          const text = await reply.text();
          return JSON.parse(/data: (\{"hr_message_id":\d+,"hr_message".*)\n\n/.exec(text)![1]).hr_message;
        }),
      );
      expect(answers.map((answer) => [answer.status, answer.answer, answer.quota])).toEqual([
        ['done', 'Hello from mock-a', 25],
        ['done', 'Hello from mock-a', 25],
      ]);
    },
    STARTUP_TIMEOUT_MS * 3,
  );

  it('refuses to start with a bad environment value and says why', async () => {
    const child = spawn(process.execPath, [BUILT_MAIN], { env: { ...process.env, PORT: 'abc', DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr!.on('data', (chunk) => (output += chunk));
    const code = await new Promise((done) => child.once('exit', done));
    expect(code).toBe(1);
    expect(output).toContain('PORT must be a whole number');
  });
});
