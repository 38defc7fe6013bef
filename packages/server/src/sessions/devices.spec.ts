import {
  MSG_CURRENT_SESSION_ENDED,
  MSG_OTHER_SESSIONS_ENDED,
  MSG_SESSION_ENDED,
  MSG_SESSION_NOT_FOUND,
  MSG_USER_SESSIONS_ENDED,
  type SessionView,
} from '@gw/shared';
import type TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, type TestApp } from '../../test/test-app';
import { migrations } from '@gw/migrations';
import { SessionsService } from '../auth/sessions.service';
import { MSG_USER_NOT_FOUND } from '../users/dto/update-user.dto';
import { MSG_NOT_LOWER } from '../users/user-admin-rules';
import { DevicesController } from './devices.controller';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

interface Browser {
  agent: TestAgent;
  userId: number;
}

describe(DevicesController.name, () => {
  let t: TestApp;
  let users: Record<'alice' | 'bob' | 'adam' | 'ada' | 'carol', number>;

  /** Signs `username` in from a browser of its own with this user agent. */
  async function browser(username: string, userAgent: string, password = 'password-123'): Promise<Browser> {
    const agent = t.http();
    agent.set('User-Agent', userAgent);
    const reply = await agent.post('/api/user/login').send({ username, password });
    if (!reply.body.success) throw new Error(`login of ${username}: ${reply.body.message}`);
    agent.set('New-Api-User', String(reply.body.data.id));
    return { agent, userId: reply.body.data.id as number };
  }

  const sessionsOf = async (b: Browser): Promise<SessionView[]> => {
    const reply = await b.agent.get('/api/user/sessions');
    expect(reply.body.success, reply.body.message).toBe(true);
    return reply.body.data as SessionView[];
  };
  const rowsOf = async (userId: number): Promise<Array<{ public_id: string; last_seen_at: string }>> =>
    t.db.query('SELECT public_id, last_seen_at FROM sessions WHERE user_id = $1 ORDER BY public_id', [userId]);

  beforeAll(async () => {
    t = await startTestApp();
    const ids: Record<string, number> = {};
    for (const name of ['alice', 'bob', 'adam', 'ada', 'carol']) ids[name] = (await t.signUp(name)).userId;
    users = ids as typeof users;
    // Setup only: promotion is user-admin.spec.ts's.
    await t.db.query('UPDATE users SET role = 10 WHERE id = ANY($1)', [[users.adam, users.ada]]);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.db.query('DELETE FROM sessions');
  });

  it('lists each browser of a user once, parsed, with `current` set for the one asking', async () => {
    const windows = await browser('alice', CHROME_WINDOWS);
    const iphone = await browser('alice', SAFARI_IPHONE);
    await browser('bob', CHROME_WINDOWS);

    const seenByWindows = await sessionsOf(windows);
    const seenByIphone = await sessionsOf(iphone);
    expect(seenByWindows).toHaveLength(2);
    const describe = (list: SessionView[]) =>
      list.map(({ browser: name, os, device, current, ip }) => ({ name, os, device, current, ip })).sort((a, b) => a.name.localeCompare(b.name));
    expect(describe(seenByWindows)).toEqual([
      { name: 'Chrome 120', os: 'Windows 10', device: 'desktop', current: true, ip: '127.0.0.1' },
      { name: 'Safari 17', os: 'iOS 17.1', device: 'mobile', current: false, ip: '127.0.0.1' },
    ]);
    expect(describe(seenByIphone).map((row) => [row.name, row.current])).toEqual([
      ['Chrome 120', false],
      ['Safari 17', true],
    ]);
    // The same sessions under the same public ids; never the stored hash.
    expect(seenByIphone.map((row) => row.id).sort()).toEqual(seenByWindows.map((row) => row.id).sort());
    const hashes = (await t.db.query('SELECT id_hash FROM sessions')).map((row: { id_hash: string }) => row.id_hash) as string[];
    const text = JSON.stringify(seenByWindows);
    expect(hashes.filter((hash) => text.includes(hash))).toEqual([]);
    for (const row of seenByWindows) {
      expect(row.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(Object.keys(row).sort()).toEqual(['browser', 'created_at', 'current', 'device', 'id', 'ip', 'last_seen_at', 'os']);
    }
  });

  it('lists only live sessions, most recently seen first', async () => {
    const a = await browser('alice', CHROME_WINDOWS);
    await browser('alice', SAFARI_IPHONE);
    await browser('alice', SAFARI_IPHONE);
    const all = await sessionsOf(a);
    const current = all.find((row) => row.current)!.id;
    const [older, expired] = all.filter((row) => !row.current).map((row) => row.id);
    const now = Math.floor(Date.now() / 1000);
    await t.db.query('UPDATE sessions SET last_seen_at = $2 WHERE public_id = $1', [older, now - 300]);
    await t.db.query('UPDATE sessions SET last_seen_at = $2 WHERE public_id = $1', [current, now - 100]);
    // Expired: not listed (the cleanup job deletes it later).
    await t.db.query('UPDATE sessions SET expires_at = $2 WHERE public_id = $1', [expired, now - 1]);
    expect((await sessionsOf(a)).map((row) => row.id)).toEqual([current, older]);
  });

  it('ends another browser of the user: its next call is 401, this one stays signed in', async () => {
    const windows = await browser('alice', CHROME_WINDOWS);
    const iphone = await browser('alice', SAFARI_IPHONE);
    const other = (await sessionsOf(windows)).find((row) => !row.current)!;
    const reply = await windows.agent.delete(`/api/user/sessions/${other.id}`);
    expect(reply.body).toEqual({ success: true, message: MSG_SESSION_ENDED, data: { current: false } });
    expect(([] as string[]).concat(reply.headers['set-cookie'] ?? [])).toEqual([]);
    expect((await iphone.agent.get('/api/user/self')).status).toBe(401);
    expect((await windows.agent.get('/api/user/self')).status).toBe(200);
    // Replayed: the session is gone.
    expect((await windows.agent.delete(`/api/user/sessions/${other.id}`)).body).toMatchObject({ success: false, message: MSG_SESSION_NOT_FOUND });
  });

  it('ends the current browser: the cookie is cleared and the session gone', async () => {
    const windows = await browser('alice', CHROME_WINDOWS);
    const iphone = await browser('alice', SAFARI_IPHONE);
    const mine = (await sessionsOf(windows)).find((row) => row.current)!;
    const reply = await windows.agent.delete(`/api/user/sessions/${mine.id}`);
    expect(reply.body).toEqual({ success: true, message: MSG_CURRENT_SESSION_ENDED, data: { current: true } });
    expect(([] as string[]).concat(reply.headers['set-cookie'] ?? []).join(';')).toMatch(/^session=(s%3A\.[\w%-]*)?; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
    expect((await windows.agent.get('/api/user/self')).status).toBe(401);
    expect((await sessionsOf(iphone)).map((row) => row.current)).toEqual([true]);
  });

  it('revoke_others leaves only the current session, and no other user’s', async () => {
    const windows = await browser('alice', CHROME_WINDOWS);
    const iphone = await browser('alice', SAFARI_IPHONE);
    const third = await browser('alice', SAFARI_IPHONE);
    const bob = await browser('bob', CHROME_WINDOWS);
    const reply = await windows.agent.post('/api/user/sessions/revoke_others');
    expect(reply.body).toEqual({ success: true, message: MSG_OTHER_SESSIONS_ENDED, data: { ended: 2 } });
    expect((await sessionsOf(windows)).map((row) => row.current)).toEqual([true]);
    expect((await iphone.agent.get('/api/user/self')).status).toBe(401);
    expect((await third.agent.get('/api/user/self')).status).toBe(401);
    expect((await sessionsOf(bob))).toHaveLength(1);
  });

  it('answers another user’s session id exactly like an unknown one, and ends nothing', async () => {
    const alice = await browser('alice', CHROME_WINDOWS);
    const bob = await browser('bob', SAFARI_IPHONE);
    const bobs = (await sessionsOf(bob))[0].id;
    const before = await t.db.query('SELECT * FROM sessions ORDER BY public_id');
    const stolen = await alice.agent.delete(`/api/user/sessions/${bobs}`);
    const unknown = await alice.agent.delete('/api/user/sessions/AAAAAAAAAAAAAAAA');
    expect(stolen.body).toEqual({ success: false, message: MSG_SESSION_NOT_FOUND, data: null });
    expect({ status: stolen.status, body: stolen.body }).toEqual({ status: unknown.status, body: unknown.body });
    expect(await t.db.query('SELECT * FROM sessions ORDER BY public_id')).toEqual(before);
    expect((await bob.agent.get('/api/user/self')).status).toBe(200);
    // Alice's list never shows bob's session.
    expect((await sessionsOf(alice)).map((row) => row.id)).not.toContain(bobs);
  });

  it('refuses malformed session ids with the same clear message and ends nothing', async () => {
    const alice = await browser('alice', CHROME_WINDOWS);
    await browser('alice', SAFARI_IPHONE);
    const before = await t.db.query('SELECT * FROM sessions ORDER BY public_id');
    for (const bad of ['abc%00def', '%00', "x'%20OR%201=1", 'a'.repeat(33), '%E4%BD%A0%E5%A5%BD', '..%2F..%2Fself']) {
      const reply = await alice.agent.delete(`/api/user/sessions/${bad}`);
      expect(reply.body, bad).toEqual({ success: false, message: MSG_SESSION_NOT_FOUND, data: null });
    }
    // The admin routes: a user id that is no id, and a session id with a NUL byte.
    const root = await browser('root', CHROME_WINDOWS, ROOT_PASSWORD);
    for (const path of [`/api/user/abc/sessions`, `/api/user/1.5/sessions`, `/api/user/%00/sessions`, `/api/user/99999999999/sessions`]) {
      expect((await root.agent.get(path)).body, path).toEqual({ success: false, message: MSG_USER_NOT_FOUND, data: null });
      expect((await root.agent.delete(path)).body, path).toEqual({ success: false, message: MSG_USER_NOT_FOUND, data: null });
    }
    expect((await root.agent.delete(`/api/user/${users.alice}/sessions/a%00b`)).body).toEqual({ success: false, message: MSG_SESSION_NOT_FOUND, data: null });
    expect((await root.agent.get(`/api/user/424242/sessions`)).body).toEqual({ success: false, message: MSG_USER_NOT_FOUND, data: null });
    expect(await t.db.query(`SELECT * FROM sessions WHERE user_id <> 1 ORDER BY public_id`)).toEqual(before);
  });

  describe('administrators', () => {
    it('list and end the sessions of a user they outrank', async () => {
      const adam = await browser('adam', CHROME_WINDOWS);
      const windows = await browser('alice', CHROME_WINDOWS);
      const iphone = await browser('alice', SAFARI_IPHONE);
      const listed = await adam.agent.get(`/api/user/${users.alice}/sessions`);
      expect(listed.body.success, listed.body.message).toBe(true);
      const rows = listed.body.data as SessionView[];
      expect(rows.map((row) => [row.browser, row.current]).sort()).toEqual([
        ['Chrome 120', false],
        ['Safari 17', false],
      ]);
      const iphoneId = rows.find((row) => row.browser === 'Safari 17')!.id;
      expect((await adam.agent.delete(`/api/user/${users.alice}/sessions/${iphoneId}`)).body).toEqual({ success: true, message: MSG_SESSION_ENDED, data: { current: false } });
      expect((await iphone.agent.get('/api/user/self')).status).toBe(401);
      expect((await windows.agent.get('/api/user/self')).status).toBe(200);
      // A session of another user under alice's id: not found, nothing ended.
      const bob = await browser('bob', CHROME_WINDOWS);
      const bobs = (await sessionsOf(bob))[0].id;
      expect((await adam.agent.delete(`/api/user/${users.alice}/sessions/${bobs}`)).body).toEqual({ success: false, message: MSG_SESSION_NOT_FOUND, data: null });
      expect((await bob.agent.get('/api/user/self')).status).toBe(200);

      expect((await adam.agent.delete(`/api/user/${users.alice}/sessions`)).body).toEqual({ success: true, message: MSG_USER_SESSIONS_ENDED, data: { ended: 1 } });
      expect((await windows.agent.get('/api/user/self')).status).toBe(401);
      expect((await adam.agent.get('/api/user/self')).status).toBe(200);
      expect((await adam.agent.get(`/api/user/${users.alice}/sessions`)).body.data).toEqual([]);
      // Both ends are audited, by adam, about alice; the refused one (bob's session) is not.
      const audited = await t.db.query(`SELECT actor_id, after FROM audit_logs WHERE action = 'user.sessions' AND target_id = $1 ORDER BY id`, [String(users.alice)]);
      expect(audited).toEqual([
        { actor_id: users.adam, after: { session: iphoneId } },
        { actor_id: users.adam, after: { ended: 1 } },
      ]);
    });

    it('cannot touch root’s sessions nor those of another administrator of the same role', async () => {
      const adam = await browser('adam', CHROME_WINDOWS);
      const root = await browser('root', CHROME_WINDOWS, ROOT_PASSWORD);
      const ada = await browser('ada', SAFARI_IPHONE);
      const rootSession = (await sessionsOf(root))[0].id;
      const adaSession = (await sessionsOf(ada))[0].id;
      const before = await t.db.query('SELECT * FROM sessions ORDER BY public_id');
      for (const [userId, sessionId] of [
        [1, rootSession],
        [users.ada, adaSession],
      ] as const) {
        for (const call of [
          adam.agent.get(`/api/user/${userId}/sessions`),
          adam.agent.delete(`/api/user/${userId}/sessions/${sessionId}`),
          adam.agent.delete(`/api/user/${userId}/sessions`),
        ]) {
          expect((await call).body).toEqual({ success: false, message: MSG_NOT_LOWER, data: null });
        }
      }
      expect(await t.db.query('SELECT * FROM sessions ORDER BY public_id')).toEqual(before);
      // Root outranks every administrator.
      expect((await root.agent.get(`/api/user/${users.ada}/sessions`)).body.data.map((row: SessionView) => row.id)).toEqual([adaSession]);
    });

    it('refuse a plain user on every admin call (403) and end nothing', async () => {
      const alice = await browser('alice', CHROME_WINDOWS);
      const carol = await browser('carol', SAFARI_IPHONE);
      const carols = (await sessionsOf(carol))[0].id;
      for (const call of [
        alice.agent.get(`/api/user/${users.carol}/sessions`),
        alice.agent.delete(`/api/user/${users.carol}/sessions/${carols}`),
        alice.agent.delete(`/api/user/${users.carol}/sessions`),
      ]) {
        const reply = await call;
        expect({ status: reply.status, message: reply.body.message }).toEqual({ status: 403, message: '无权进行此操作，权限不足' });
      }
      expect((await carol.agent.get('/api/user/self')).status).toBe(200);
    });
  });

  describe('last seen', () => {
    it('moves with use, at most one write per step, and only for live sessions', async () => {
      const alice = await browser('alice', CHROME_WINDOWS);
      const sessions = t.app.get(SessionsService);
      const [row] = (await t.db.query('SELECT id_hash, created_at, expires_at, last_seen_at FROM sessions WHERE user_id = $1', [users.alice])) as Array<Record<string, string>>;
      const use = () => ({ hash: row.id_hash, created_at: Number(row.created_at), expires_at: Number(row.expires_at), last_seen_at: Number(row.last_seen_at) });
      const start = Number(row.last_seen_at);
      expect(start).toBe(Number(row.created_at));
      const lastSeen = async () => (await sessionsOf(alice))[0].last_seen_at;

      // A request a few seconds later writes nothing (the step is minutes).
      await sessions.noteUse([use()], start + 5);
      expect(await lastSeen()).toBe(start);
      // A step later: moved, with the idle end.
      await sessions.noteUse([use()], start + 600);
      expect(await lastSeen()).toBe(start + 600);
      const [after] = await t.db.query('SELECT expires_at FROM sessions WHERE id_hash = $1', [row.id_hash]);
      expect(Number(after.expires_at)).toBeGreaterThan(Number(row.expires_at));
      // Near the absolute end the idle end no longer moves; last seen still does.
      const max = sessions.maxSeconds;
      await t.db.query('UPDATE sessions SET expires_at = created_at + $2 WHERE id_hash = $1', [row.id_hash, max]);
      const late = { ...use(), expires_at: Number(row.created_at) + max, last_seen_at: start + 600 };
      await sessions.noteUse([late], start + max - 60);
      expect(await lastSeen()).toBe(start + max - 60);
      // An expired session is not revived.
      await sessions.noteUse([late], start + max + 1);
      const [ended] = await t.db.query('SELECT last_seen_at FROM sessions WHERE id_hash = $1', [row.id_hash]);
      expect(Number(ended.last_seen_at)).toBe(start + max - 60);
    });
  });

  it('migration: existing sessions get their sign-in as last seen and a public id each', async () => {
    const Migration = migrations.find((candidate) => candidate.name === 'SessionDevices1795826000000')!;
    const migration = new Migration();
    const runner = t.db.createQueryRunner();
    try {
      await migration.down(runner);
      await runner.query(
        `INSERT INTO sessions (id_hash, user_id, ip, user_agent, created_at, expires_at) VALUES ('h1', $1, '10.0.0.1', 'ua', 1000, 9999999999), ('h2', $1, '10.0.0.2', 'ua', 2000, 9999999999)`,
        [users.alice],
      );
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const rows = (await t.db.query(`SELECT id_hash, created_at, last_seen_at, public_id FROM sessions ORDER BY id_hash`)) as Array<Record<string, string>>;
    expect(rows.map((row) => [row.id_hash, row.last_seen_at])).toEqual([
      ['h1', '1000'],
      ['h2', '2000'],
    ]);
    expect(rows[0].public_id).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[0].public_id).not.toBe(rows[1].public_id);
    const alice = await browser('alice', CHROME_WINDOWS);
    expect((await sessionsOf(alice)).map((row) => row.ip).sort()).toContain('10.0.0.1');
  });

  describe('a new password', () => {
    it('signs out every other session when changed in 个人设置, keeping this one', async () => {
      const windows = await browser('carol', CHROME_WINDOWS);
      const iphone = await browser('carol', SAFARI_IPHONE);
      expect((await windows.agent.put('/api/user/self').send({ password: 'carol-new-pass-1' })).body.success).toBe(true);
      expect((await iphone.agent.get('/api/user/self')).status).toBe(401);
      expect((await sessionsOf(windows)).map((row) => row.current)).toEqual([true]);
      expect((await windows.agent.put('/api/user/self').send({ password: 'password-123' })).body.success).toBe(true);
    });

    it('signs out every session of the user when an administrator sets it', async () => {
      const adam = await browser('adam', CHROME_WINDOWS);
      await browser('carol', CHROME_WINDOWS);
      await browser('carol', SAFARI_IPHONE);
      expect((await adam.agent.put('/api/user/').send({ id: users.carol, password: 'password-123' })).body.success).toBe(true);
      expect(await rowsOf(users.carol)).toEqual([]);
    });
  });
});
