import { AUDIT_SECRET_CHANGED, OPTION_DEFINITIONS, type AuditLogView } from '@gw/shared';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectRoutes } from '../../test/routes';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';
import { JobsService } from '../jobs/jobs.service';
import { AuditLog, RETENTION_BATCH } from './audit-log.service';
import { AUDIT_RETENTION_JOB } from './audit-retention.job';

const SECRET = AUDIT_SECRET_CHANGED;
const DAY = 86_400;
/** A fixed clock for the retention: 2030-01-01T00:00:00Z. */
const NOW = 1_893_456_000;

describe('audit log (integration)', () => {
  let t: TestApp;
  let root: TestAgent;
  /** Everything the process writes to stdout and stderr while the file runs (LOG_LEVEL debug). */
  const output: string[] = [];
  const writes = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };

  beforeAll(async () => {
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      output.push(String(chunk));
      return writes.out(chunk, ...rest);
    }) as typeof process.stdout.write;
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      output.push(String(chunk));
      return writes.err(chunk, ...rest);
    }) as typeof process.stderr.write;
    t = await startTestApp({ LOG_LEVEL: 'debug' });
    root = (await t.login('root', ROOT_PASSWORD)).agent;
  });
  afterAll(async () => {
    process.stdout.write = writes.out;
    process.stderr.write = writes.err;
    await t.close();
  });
  beforeEach(async () => {
    await t.db.query('DELETE FROM audit_logs');
  });

  interface Row {
    actor_id: number;
    actor_name: string;
    actor_role: number;
    ip: string;
    action: string;
    target_type: string;
    target_id: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }
  const rows = (): Promise<Row[]> => t.db.query('SELECT actor_id, actor_name, actor_role, ip, action, target_type, target_id, before, after FROM audit_logs ORDER BY id');
  const tableText = async (): Promise<string> => ((await t.db.query(`SELECT coalesce(string_agg(audit_logs::text, E'\\n'), '') AS text FROM audit_logs`)) as Array<{ text: string }>)[0].text;
  const ok = <T = unknown>(reply: { body: { success: boolean; message: string; data: T } }): T => {
    if (!reply.body.success) throw new Error(`refused: ${reply.body.message}`);
    return reply.body.data;
  };
  const byRoot = { actor_id: 1, actor_name: 'root', actor_role: 100 };
  const createChannel = async (fields: Record<string, unknown>): Promise<number> =>
    ok<{ ids: number[] }>(await root.post('/api/channel/').send({ type: 1, name: 'audited', key: 'sk-audit-first-0001', models: 'gpt-4o', groups: ['default'], ...fields })).ids[0];

  it("records a channel's key change as changed, never its value, in the table or in the log output", async () => {
    const oldKey = 'sk-audit-old-key-7f3a9c';
    const newKey = 'sk-audit-new-key-b81e42';
    const id = await createChannel({ name: 'keyed', key: oldKey });
    ok(await root.put('/api/channel/').send({ id, key: newKey, name: 'keyed-2' }));

    const [created, updated] = await rows();
    expect(created).toMatchObject({ ...byRoot, action: 'channel.create', target_type: 'channel', target_id: String(id), before: {} });
    expect(created.before).toEqual({});
    expect(created.after).toMatchObject({ name: 'keyed', key: SECRET, models: 'gpt-4o', type: 1 });
    expect(created.ip).toMatch(/127\.0\.0\.1/);
    expect(updated).toMatchObject({ ...byRoot, action: 'channel.update', target_id: String(id) });
    expect(updated.before).toEqual({ name: 'keyed', key: SECRET });
    expect(updated.after).toEqual({ name: 'keyed-2', key: SECRET });

    const text = await tableText();
    const logs = output.join('');
    for (const key of [oldKey, newKey]) {
      expect(text).not.toContain(key);
      expect(text).not.toContain(key.slice(-8));
      expect(logs).not.toContain(key);
    }
    // The log output was captured (a request of this test is in it): its absence of keys means something.
    expect(logs.length).toBeGreaterThan(0);
  });

  it('records enabling/disabling, deletion and a batch deletion of channels with their fields', async () => {
    const id = await createChannel({ name: 'toggled' });
    const other = await createChannel({ name: 'batched' });
    await t.db.query('DELETE FROM audit_logs');
    ok(await root.put('/api/channel/').send({ id, status: 2 }));
    ok(await root.delete(`/api/channel/${id}`));
    ok(await root.post('/api/channel/batch').send({ ids: [other] }));
    const [toggled, removed, batched] = await rows();
    expect(toggled).toMatchObject({ action: 'channel.status', target_id: String(id), before: { status: 1 }, after: { status: 2 } });
    expect(removed).toMatchObject({ action: 'channel.delete', target_id: String(id), after: {} });
    expect(removed.before).toMatchObject({ name: 'toggled', status: 2 });
    expect(batched).toMatchObject({ action: 'channel.delete', target_id: String(other), before: { name: 'batched' } });
  });

  it("records a multi-key channel's key actions by key id, never the key", async () => {
    const id = await createChannel({ name: 'multi', key: 'sk-multi-aaaa-1111\nsk-multi-bbbb-2222', mode: 'multi_to_single' });
    const status = ok<{ items: Array<{ id: number }> }>(await root.post('/api/channel/multi_key/manage').send({ channel_id: id, action: 'get_key_status' }));
    const keyId = status.items[0].id;
    await t.db.query('DELETE FROM audit_logs');
    ok(await root.post('/api/channel/multi_key/manage').send({ channel_id: id, action: 'disable_key', key_id: keyId }));
    expect(await rows()).toEqual([expect.objectContaining({ action: 'channel.key', target_id: String(id), before: {}, after: { key_action: 'disable_key', key_id: keyId } })]);
    expect(await tableText()).not.toContain('sk-multi');
  });

  it("records a user's quota 100 → 200 as before { quota: 100 } after { quota: 200 }", async () => {
    const { userId } = await t.signUp('quota-user');
    ok(await root.put('/api/user/').send({ id: userId, quota: 100 }));
    await t.db.query('DELETE FROM audit_logs');
    ok(await root.put('/api/user/').send({ id: userId, quota: 200 }));
    expect(await rows()).toEqual([expect.objectContaining({ ...byRoot, action: 'user.quota', target_type: 'user', target_id: String(userId), before: { quota: 100 }, after: { quota: 200 } })]);
  });

  it("records a user's creation, edits (a new password as changed) and the manage actions", async () => {
    ok(await root.post('/api/user/').send({ username: 'made-by-root', password: 'first-pass-123' }));
    const [{ id }] = await t.db.query(`SELECT id FROM users WHERE username = 'made-by-root'`);
    ok(await root.put('/api/user/').send({ id, display_name: 'Made', password: 'second-pass-456' }));
    ok(await root.post('/api/user/manage').send({ id, action: 'promote' }));
    ok(await root.post('/api/user/manage').send({ id, action: 'disable' }));
    const [created, edited, promoted, disabled] = await rows();
    expect(created).toMatchObject({ action: 'user.create', target_id: String(id), after: { username: 'made-by-root', role: 1, password: SECRET } });
    expect(created.before).toEqual({});
    expect(edited).toMatchObject({ action: 'user.update', before: { display_name: 'made-by-root', password: SECRET }, after: { display_name: 'Made', password: SECRET } });
    expect(promoted).toMatchObject({ action: 'user.manage', before: { role: 1 }, after: { role: 10 } });
    expect(disabled).toMatchObject({ action: 'user.manage', before: { status: 1 }, after: { status: 2 } });
    const text = await tableText();
    for (const secret of ['first-pass-123', 'second-pass-456', '$argon2', '$2b$']) expect(text).not.toContain(secret);
  });

  it('records an option change, and a secret option only as changed', async () => {
    ok(await root.put('/api/option/').send({ key: 'QuotaForNewUser', value: '77' }));
    ok(await root.put('/api/option/').send({ key: 'SMTPToken', value: 'smtp-pass-first-91' }));
    ok(await root.put('/api/option/').send({ key: 'SMTPToken', value: 'smtp-pass-second-92' }));
    expect(OPTION_DEFINITIONS.SMTPToken.secret).toBe(true);
    const [quota, first, second] = await rows();
    expect(quota).toMatchObject({ ...byRoot, action: 'option.update', target_type: 'option', target_id: 'QuotaForNewUser', before: { QuotaForNewUser: OPTION_DEFINITIONS.QuotaForNewUser.default }, after: { QuotaForNewUser: '77' } });
    expect(first).toMatchObject({ action: 'option.update', target_id: 'SMTPToken', before: {}, after: {} });
    expect(first.after).toEqual({ SMTPToken: SECRET });
    expect(second.before).toEqual({ SMTPToken: SECRET });
    expect(second.after).toEqual({ SMTPToken: SECRET });
    const text = await tableText();
    expect(text).not.toContain('smtp-pass');
    expect(output.join('')).not.toContain('smtp-pass');
    // The same value again is no change: nothing recorded.
    ok(await root.put('/api/option/').send({ key: 'QuotaForNewUser', value: '77' }));
    expect(await rows()).toHaveLength(3);
  });

  it('records a ratio change as the entries that changed', async () => {
    const ratios = { ...(JSON.parse(OPTION_DEFINITIONS.ModelRatio.default) as Record<string, number>), 'audit-model': 2.5 };
    ok(await root.put('/api/option/').send({ key: 'ModelRatio', value: JSON.stringify(ratios) }));
    ok(await root.put('/api/option/').send({ key: 'ModelRatio', value: JSON.stringify({ ...ratios, 'audit-model': 3 }) }));
    const [added, changed] = await rows();
    expect(added).toMatchObject({ action: 'ratio.update', target_type: 'option', target_id: 'ModelRatio', before: {}, after: { 'ModelRatio.audit-model': 2.5 } });
    expect(changed).toMatchObject({ action: 'ratio.update', before: { 'ModelRatio.audit-model': 2.5 }, after: { 'ModelRatio.audit-model': 3 } });
  });

  it("records a model's ability flags", async () => {
    const id = await createChannel({ name: 'flags' });
    await t.db.query('DELETE FROM audit_logs');
    ok(await root.post('/api/channel/update_ability').send({ channel_id: id, group: 'default', model: 'gpt-4o', is_viewable: true }));
    expect(await rows()).toEqual([expect.objectContaining({ action: 'model.update', target_type: 'model', target_id: `${id}:default:gpt-4o`, before: { is_viewable: false }, after: { is_viewable: true } })]);
  });

  it('records redemption codes created, edited, disabled and deleted, never the code', async () => {
    const [code] = ok<string[]>(await root.post('/api/redemption/').send({ name: 'gift', quota: 1000 }));
    const [{ id }] = await t.db.query('SELECT id FROM redemptions ORDER BY id DESC LIMIT 1');
    ok(await root.put('/api/redemption/').send({ id, name: 'gift-2', quota: 2000 }));
    ok(await root.put('/api/redemption/?status_only=true').send({ id, status: 2 }));
    ok(await root.delete(`/api/redemption/${id}`));
    const [created, edited, disabled, removed] = await rows();
    expect(created).toMatchObject({ action: 'redemption.create', target_type: 'redemption', target_id: String(id), before: {}, after: { name: 'gift', quota: 1000, status: 1 } });
    expect(edited).toMatchObject({ action: 'redemption.update', before: { name: 'gift', quota: 1000 }, after: { name: 'gift-2', quota: 2000 } });
    expect(disabled).toMatchObject({ action: 'redemption.update', before: { status: 1 }, after: { status: 2 } });
    expect(removed).toMatchObject({ action: 'redemption.delete', before: { name: 'gift-2', status: 2 }, after: {} });
    expect(await tableText()).not.toContain(code);
  });

  it("records root's manual completion of a top-up order", async () => {
    const { userId } = await t.signUp('payer');
    await t.db.query(`INSERT INTO topup_orders (user_id, trade_no, payment_method, amount, quota, money_cents, status, created_at) VALUES ($1, 'AUDIT1', 'zfb', 10, 5000000, 7300, 'pending', 1)`, [userId]);
    ok(await root.post('/api/user/topup/complete').send({ trade_no: 'AUDIT1' }));
    const [row] = await rows();
    expect(row).toMatchObject({ ...byRoot, action: 'topup.complete', target_type: 'topup', target_id: 'AUDIT1', before: { status: 'pending', completed_via: '' }, after: { status: 'paid', completed_via: 'admin' } });
  });

  it('records datasets of the data market created, edited and deleted', async () => {
    const dataset = ok<{ id: number }>(await root.post('/api/data_library/').send({ name: 'audit-set', data_type: '问答' }));
    ok(await root.put(`/api/data_library/${dataset.id}`).send({ name: 'audit-set-2' }));
    ok(await root.delete(`/api/data_library/${dataset.id}`));
    const [created, edited, removed] = await rows();
    expect(created).toMatchObject({ action: 'dataset.create', target_type: 'dataset', target_id: String(dataset.id), before: {}, after: { name: 'audit-set', data_type: '问答' } });
    expect(edited).toMatchObject({ action: 'dataset.update', before: { name: 'audit-set' }, after: { name: 'audit-set-2' } });
    expect(removed).toMatchObject({ action: 'dataset.delete', before: { name: 'audit-set-2' }, after: {} });
  });

  it('records nothing for a refused change', async () => {
    const { userId } = await t.signUp('refused-target');
    const admin = await t.signUp('plain-admin');
    ok(await root.post('/api/user/manage').send({ id: admin.userId, action: 'promote' }));
    await t.db.query('DELETE FROM audit_logs');
    expect((await root.put('/api/option/').send({ key: 'QuotaForNewUser', value: 'lots' })).body.success).toBe(false);
    expect((await root.put('/api/channel/').send({ id: 999_999, name: 'ghost' })).body.success).toBe(false);
    expect((await root.put('/api/user/').send({ id: userId, group: 'no-such-group' })).body.success).toBe(false);
    // An administrator (role 10) may not change root.
    expect((await admin.agent.put('/api/user/').send({ id: 1, quota: 1 })).body.success).toBe(false);
    expect((await root.delete('/api/redemption/999999')).body.success).toBe(false);
    expect(await rows()).toEqual([]);
  });

  it('records a sign-in event in one line, by the user and the request (recordEvent)', async () => {
    const [rootUser] = await t.db.query('SELECT id, username, role FROM users WHERE id = 1');
    await t.app.get(AuditLog).recordEvent(rootUser, { ip: '203.0.113.5' }, 'admin.login');
    await t.app.get(AuditLog).recordEvent(rootUser, { ip: '203.0.113.5' }, '2fa.reset', { type: 'user', id: 42 });
    expect(await rows()).toEqual([
      { ...byRoot, ip: '203.0.113.5', action: 'admin.login', target_type: 'user', target_id: '1', before: {}, after: {} },
      { ...byRoot, ip: '203.0.113.5', action: '2fa.reset', target_type: 'user', target_id: '42', before: {}, after: {} },
    ]);
  });

  describe('GET /api/audit/', () => {
    const seed = async () => {
      const insert = (actor: number, action: string, type: string, target: string, at: number) =>
        t.db.query(`INSERT INTO audit_logs (actor_id, actor_name, actor_role, ip, action, target_type, target_id, before, after, created_at) VALUES ($1, 'n', 100, '10.0.0.1', $2, $3, $4, '{"a":1}', '{"a":2}', $5)`, [actor, action, type, target, at]);
      await insert(1, 'channel.update', 'channel', '5', 1000);
      await insert(1, 'user.quota', 'user', '7', 2000);
      await insert(2, 'user.quota', 'user', '8', 3000);
      await insert(2, 'option.update', 'option', 'Price', 4000);
    };
    const list = async (query: Record<string, unknown>) => ok<{ items: AuditLogView[]; total: number }>(await root.get('/api/audit/').query(query));

    it('pages newest first and filters by actor, action, target and time', async () => {
      await seed();
      const all = await list({});
      expect(all.total).toBe(4);
      expect(all.items.map((item) => item.created_at)).toEqual([4000, 3000, 2000, 1000]);
      expect(all.items[0]).toEqual({ id: expect.any(Number), actor_id: 2, actor_name: 'n', action: 'option.update', target_type: 'option', target_id: 'Price', before: { a: 1 }, after: { a: 2 }, ip: '10.0.0.1', created_at: 4000 });
      const second = await list({ p: 1, page_size: 3 });
      expect(second).toMatchObject({ total: 4 });
      expect(second.items.map((item) => item.created_at)).toEqual([1000]);
      expect((await list({ actor_id: 2 })).items.map((item) => item.created_at)).toEqual([4000, 3000]);
      expect((await list({ action: 'user.quota' })).total).toBe(2);
      expect((await list({ target_type: 'user', target_id: '8' })).items.map((item) => item.created_at)).toEqual([3000]);
      expect((await list({ start_timestamp: 2000, end_timestamp: 3000 })).items.map((item) => item.created_at)).toEqual([3000, 2000]);
      expect((await list({ action: '', target_type: '', actor_id: '', start_timestamp: 0, end_timestamp: 0 })).total).toBe(4);
    });

    it('refuses bad filters with a Chinese message', async () => {
      const refused = async (query: Record<string, unknown>, message: string) => {
        const reply = await root.get('/api/audit/').query(query);
        expect(reply.body).toMatchObject({ success: false, message });
      };
      await refused({ actor_id: 'abc' }, '操作人 ID 必须是整数');
      await refused({ action: 'channel.explode' }, '操作类型无效');
      await refused({ target_type: 'planet' }, '对象类型无效');
      await refused({ target_id: 'a\u0000b' }, '参数中不能包含空字符');
      await refused({ start_timestamp: 'yesterday' }, '起始时间必须是以秒为单位的时间戳');
      await refused({ start_timestamp: 5, end_timestamp: 4 }, '起始时间不能晚于结束时间');
      await refused({ p: -1 }, '页码不能小于 0');
      await refused({ page_size: 1000 }, '每页条数必须在 1 到 100 之间');
    });

    it('is for super administrators only', async () => {
      const admin = await t.signUp('audit-admin');
      ok(await root.post('/api/user/manage').send({ id: admin.userId, action: 'promote' }));
      const user = await t.signUp('audit-user');
      expect((await admin.agent.get('/api/audit/')).status).toBe(403);
      expect((await user.agent.get('/api/audit/')).status).toBe(403);
      expect((await t.http().get('/api/audit/')).status).toBe(401);
    });

    it('has no route that changes or deletes audit rows', async () => {
      const auditRoutes = collectRoutes(t).filter((route) => route.path.startsWith('/api/audit'));
      expect(auditRoutes.map((route) => route.route)).toEqual(['GET /api/audit/']);
      await seed();
      for (const method of ['put', 'post', 'delete', 'patch'] as const) {
        const reply = await root[method]('/api/audit/').send({ id: 1 });
        expect(reply.body.success, method).not.toBe(true);
      }
      expect(await rows()).toHaveLength(4);
    });
  });

  describe('retention', () => {
    const insertAt = (createdAt: number, count = 1) =>
      t.db.query(
        `INSERT INTO audit_logs (actor_id, actor_name, actor_role, ip, action, target_type, target_id, before, after, created_at)
         SELECT 1, 'root', 100, '', 'option.update', 'option', 'Price', '{}', '{}', $1 FROM generate_series(1, $2)`,
        [createdAt, count],
      );

    it('deletes only rows older than the given days, in batches (fixed clock)', async () => {
      await insertAt(NOW - 30 * DAY - 1, RETENTION_BATCH * 2 + 5);
      await insertAt(NOW - 30 * DAY, 2);
      await insertAt(NOW - DAY, 3);
      const removed = await t.app.get(AuditLog).deleteOlderThan(30, NOW);
      expect(removed).toBe(RETENTION_BATCH * 2 + 5);
      expect(await t.db.query('SELECT created_at::int AS at, count(*)::int AS n FROM audit_logs GROUP BY created_at ORDER BY created_at')).toEqual([
        { at: NOW - 30 * DAY, n: 2 },
        { at: NOW - DAY, n: 3 },
      ]);
    });

    it('the job reads AuditLogRetentionDays', async () => {
      expect(OPTION_DEFINITIONS.AuditLogRetentionDays.default).toBe('365');
      ok(await root.put('/api/option/').send({ key: 'AuditLogRetentionDays', value: '1' }));
      await t.db.query('DELETE FROM audit_logs');
      // Year 2001: older than any retention; year 9999: newer than any.
      await insertAt(1_000_000_000);
      await insertAt(253_402_300_000);
      await t.app.get(JobsService).run(AUDIT_RETENTION_JOB);
      expect(await t.db.query('SELECT created_at::bigint::text AS at FROM audit_logs')).toEqual([{ at: '253402300000' }]);
      ok(await root.put('/api/option/').send({ key: 'AuditLogRetentionDays', value: '365' }));
    });
  });
});
