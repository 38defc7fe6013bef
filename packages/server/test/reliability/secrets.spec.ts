import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from '../built-server';
import { MockOpenAiUpstream } from '../mock-openai-upstream';
import { builtServerEnv, createTestDatabase, ROOT_PASSWORD } from '../test-app';
import { binaryBody } from '../binary-body';

/**
 * Fault and attack item 9 of issue 19: no secret — a token key, the channel key, a payment or mail
 * password, a session id, a password or its hash, the access token — in the logs, in error bodies,
 * in what list APIs and exports give, or in a database dump. The built server runs as an operator
 * runs it, with JSON logs at debug level, and every secret is used on its way through.
 */

const CHANNEL_KEY = 'sk-upstream-channel-7f3a9c2e41';
/** Set in this order after ServerAddress (the payment key asks for it first). */
const OPTION_SECRETS = {
  SMTPToken: 'smtp-pass-4b8e2d9f03',
  EpayKey: 'epay-key-9c1f6a2b77',
  GitHubClientSecret: 'gh-secret-2d7b5e8c11',
  MetricsToken: 'metrics-token-8a3c1f5d92',
};
const ALICE_PASSWORD = 'alice-pass-6e2f9b4a';
const GUESSED_PASSWORD = 'guessed-pass-5d1a7c3e';

/** Bodies read as text, whatever their type. */
const asText = (reply: request.Response) => reply.text ?? JSON.stringify(reply.body);

describe('secrets stay secret (reliability)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataDir: string;
  let db: DataSource;
  let upstream: MockOpenAiUpstream;
  let server: BuiltServer;
  let root: request.Agent;
  let alice: request.Agent;
  /** Every secret, with what it is, once the scenario has made them. */
  const secrets = new Map<string, string>();
  /** The bodies of every answer that must not show a secret (errors, lists, exports). */
  const bodies: Array<{ what: string; text: string }> = [];
  const keep = (what: string, reply: request.Response) => {
    bodies.push({ what, text: asText(reply) });
    return reply;
  };
  const relay = (key: string, body: object) => request(server.url).post('/v1/chat/completions').set('Authorization', `Bearer ${key}`).send(body);

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'gw-secrets-'));
    db = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    upstream = await new MockOpenAiUpstream().start();
    server = await startBuiltServer(builtServerEnv(database, dataDir, { LOG_FORMAT: 'json', LOG_LEVEL: 'debug' }));

    root = request.agent(server.url);
    expect((await root.post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD })).body.success).toBe(true);
    root.set('New-Api-User', '1');
    for (const [key, value] of Object.entries({ ServerAddress: 'https://gateway.example.com', ...OPTION_SECRETS, ModelRatio: '{"gpt-ok":1}' })) {
      const saved = await root.put('/api/option/').send({ key, value });
      expect(saved.body.success, `${key}: ${saved.body.message}`).toBe(true);
    }
    for (const [what, value] of Object.entries(OPTION_SECRETS)) secrets.set(value, `option ${what}`);
    const channel = await root.post('/api/channel/').send({ type: 1, name: 'mock', key: CHANNEL_KEY, base_url: upstream.url, models: 'gpt-ok,fail-401,fail-400-echo-key', groups: ['default'] });
    expect(channel.body.success).toBe(true);
    secrets.set(CHANNEL_KEY, 'channel key');

    const [{ aff_code: invitation }] = await db.query('SELECT aff_code FROM users WHERE id = 1');
    alice = request.agent(server.url);
    expect((await alice.post('/api/user/register').send({ username: 'alice', password: ALICE_PASSWORD, password2: ALICE_PASSWORD, aff_code: invitation })).body.success).toBe(true);
    // A guess first: a wrong password is as secret as the right one.
    expect((await alice.post('/api/user/login').send({ username: 'alice', password: GUESSED_PASSWORD })).body.success).toBe(false);
    const login = await alice.post('/api/user/login').send({ username: 'alice', password: ALICE_PASSWORD });
    const aliceId = login.body.data.id as number;
    alice.set('New-Api-User', String(aliceId));
    await db.query('UPDATE users SET quota = 10000000 WHERE id = $1', [aliceId]);
    secrets.set(ALICE_PASSWORD, "alice's password");
    secrets.set(GUESSED_PASSWORD, 'a guessed password');
    const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((value) => value.startsWith('session='))!;
    const signed = decodeURIComponent(cookie.split(';')[0].slice('session='.length));
    secrets.set(signed.slice(2, signed.lastIndexOf('.')), "alice's session id");

    const token = await alice.post('/api/token/').send({ name: 'app', unlimited_quota: true });
    const key = token.body.data[0].key as string;
    secrets.set(key, "alice's token key");
    secrets.set(key.replace(/^sk-/, ''), "alice's token key without sk-");
    const accessToken = (await root.get('/api/user/token')).body.data as string;
    secrets.set(accessToken, "root's access token");
    for (const { password_hash } of await db.query('SELECT password_hash FROM users')) secrets.set(password_hash, 'a password hash');

    // The secrets on their way: answers, streams, upstream failures (one quoting the channel key
    // back), a wrong key, scripts with the access token, the metrics scraper.
    expect((await relay(key, { model: 'gpt-ok', messages: [{ role: 'user', content: 'hi' }] })).status).toBe(200);
    expect((await relay(key, { model: 'gpt-ok', stream: true, messages: [{ role: 'user', content: 'hi' }] })).status).toBe(200);
    keep('an upstream 401', await relay(key, { model: 'fail-401', messages: [{ role: 'user', content: 'hi' }] }));
    keep('an upstream error quoting the channel key', await relay(key, { model: 'fail-400-echo-key', messages: [{ role: 'user', content: 'hi' }] }));
    keep('a streamed upstream error quoting the channel key', await relay(key, { model: 'fail-400-echo-key', stream: true, messages: [{ role: 'user', content: 'hi' }] }));
    keep('a wrong key', await relay(`${key}x`, { model: 'gpt-ok', messages: [{ role: 'user', content: 'hi' }] }));
    keep('a bad body', await relay(key, { model: 'gpt-ok', messages: 'not a list' }));
    keep('a script with the access token', await request(server.url).get('/api/user/self').set('Authorization', accessToken).set('New-Api-User', '1'));
    keep('a wrong metrics token', await request(server.url).get('/metrics').set('Authorization', 'Bearer wrong'));
    expect((await request(server.url).get('/metrics').set('Authorization', `Bearer ${OPTION_SECRETS.MetricsToken}`)).status).toBe(200);
    // Channel tests and upstream model lists carry the channel key upstream too.
    const [{ id: channelId }] = await db.query('SELECT id FROM channels');
    keep('a channel test', await root.get(`/api/channel/test/${channelId}`).query({ model: 'fail-400-echo-key' }));
    keep('an upstream model list', await root.get(`/api/channel/fetch_models/${channelId}`));
  });

  afterAll(async () => {
    await server?.stop();
    await upstream?.stop();
    await db?.destroy();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const leaks = (texts: Array<{ what: string; text: string }>) =>
    texts.flatMap(({ what, text }) => [...secrets].filter(([value]) => text.includes(value)).map(([, secret]) => `${secret} in ${what}`));

  it('writes no secret in the logs', () => {
    const output = server.output();
    expect(output.length).toBeGreaterThan(1000);
    expect(leaks([{ what: 'the log', text: output }])).toEqual([]);
  });

  it('shows no secret in error bodies', () => {
    expect(bodies.length).toBeGreaterThan(5);
    expect(leaks(bodies)).toEqual([]);
  });

  it('gives no secret in what administrators list: channels, options, users, logs, tokens', async () => {
    const [{ id: channelId }] = await db.query('SELECT id FROM channels');
    const [{ id: aliceId }] = await db.query(`SELECT id FROM users WHERE username = 'alice'`);
    const lists = [
      ['channels', await root.get('/api/channel/').query({ p: 0 })],
      ['one channel', await root.get(`/api/channel/${channelId}`)],
      ['options', await root.get('/api/option/')],
      ['users', await root.get('/api/user/').query({ p: 0 })],
      ['one user', await root.get(`/api/user/${aliceId}`)],
      ['logs', await root.get('/api/log/').query({ p: 0 })],
      ["root's tokens", await root.get('/api/token/').query({ p: 0 })],
      ["alice's logs", await alice.get('/api/log/self').query({ p: 0 })],
      ["alice's own account", await alice.get('/api/user/self')],
      ['the status', await request(server.url).get('/api/status')],
    ] as const;
    for (const [what, reply] of lists) expect(reply.status, what).toBe(200);
    expect(leaks(lists.map(([what, reply]) => ({ what, text: asText(reply) })))).toEqual([]);
  });

  it('puts no secret in the statistics exports', async () => {
    const now = Math.floor(Date.now() / 1000);
    const sheets: Array<{ what: string; text: string }> = [];
    for (const view of ['export', 'exportUser', 'exportToken']) {
      const reply = await root
        .get(`/api/statistics/${view}`)
        .query({ startTime: now - 86_400, endTime: now })
        .buffer(true)
        .parse(binaryBody);
      expect(reply.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(reply.body as unknown as ArrayBuffer);
      const cells: string[] = [];
      workbook.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))));
      sheets.push({ what: `statistics ${view}`, text: cells.join('\n') });
    }
    expect(sheets.map((sheet) => sheet.text.length).every((length) => length > 0)).toBe(true);
    expect(leaks(sheets)).toEqual([]);
  });

  it('keeps no secret readable in a database dump: keys sealed, sessions and passwords hashed', () => {
    const dump = execFileSync('pg_dump', ['--no-owner', database.url], { maxBuffer: 256 * 1024 * 1024 }).toString('utf8');
    expect(dump).toContain('alice');
    // A dump holds the password hashes (that is what they are for); nothing else may be readable.
    const readable = leaks([{ what: 'the dump', text: dump }]).filter((leak) => !leak.startsWith('a password hash'));
    expect(readable).toEqual([]);
  });
});
