import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_INITIAL_QUOTA } from '@gw/shared';
import { ClusterBus } from '../cluster/cluster-bus';
import { ROOT_PASSWORD, type SecondInstance, startSecondInstance, startTestApp, type TestApp } from '../../test/test-app';

type Role = 'user' | 'admin' | 'superAdmin';
type Action = 'promote' | 'demote' | 'disable' | 'enable' | 'delete';
const ROLE_NUMBER: Record<Role, number> = { user: 1, admin: 10, superAdmin: 100 };
const ACTIONS: Action[] = ['promote', 'demote', 'disable', 'enable', 'delete'];

/**
 * What each administrator may do to a user of each rank (another account than its own); everything
 * not listed is refused. Written out here, not derived from user-admin-rules.ts, so that a wrong
 * rule fails this test too.
 */
const ALLOWED: Record<'admin' | 'superAdmin' | 'root', Record<Role | 'root', Action[]>> = {
  admin: { user: ['disable', 'enable', 'delete'], admin: [], superAdmin: [], root: [] },
  superAdmin: { user: ['promote', 'disable', 'enable', 'delete'], admin: ['demote', 'disable', 'enable', 'delete'], superAdmin: [], root: [] },
  root: { user: ['promote', 'disable', 'enable', 'delete'], admin: ['promote', 'demote', 'disable', 'enable', 'delete'], superAdmin: ['demote', 'disable', 'enable', 'delete'], root: [] },
};
/** The row after an allowed action on a user of each rank. */
const AFTER: Record<Action, (role: number) => { role: number; status: number; deleted: boolean }> = {
  promote: (role) => ({ role: role === 1 ? 10 : 100, status: 1, deleted: false }),
  demote: (role) => ({ role: role === 100 ? 10 : 1, status: 1, deleted: false }),
  disable: (role) => ({ role, status: 2, deleted: false }),
  enable: (role) => ({ role, status: 1, deleted: false }),
  delete: (role) => ({ role, status: 1, deleted: true }),
};

describe('user management (integration)', () => {
  let t: TestApp;
  let root: TestAgent;
  const actors = {} as Record<'user' | 'admin' | 'superAdmin', { agent: TestAgent; userId: number }>;
  let seq = 0;

  const row = async (id: number) => {
    const [found] = await t.db.query('SELECT id, username, role, status, quota, "group", remark, display_name, deleted_at FROM users WHERE id = $1', [id]);
    return { ...found, quota: Number(found.quota), deleted: found.deleted_at !== null };
  };
  /** A user made directly in the database (setup only), of the given role and status. */
  const target = async (role: number, status = 1): Promise<number> => {
    const [created] = await t.db.query(`INSERT INTO users (username, password_hash, role, status, created_at) VALUES ($1, 'x', $2, $3, 0) RETURNING id`, [
      `target-${++seq}`,
      role,
      status,
    ]);
    return created.id;
  };
  /** A signed-up account raised to `role` (setup only). */
  const account = async (name: string, role: number) => {
    const signed = await t.signUp(name);
    await t.db.query('UPDATE users SET role = $2 WHERE id = $1', [signed.userId, role]);
    return signed;
  };
  const adminLogs = (userId: number) => t.db.query('SELECT content FROM logs WHERE type = 3 AND user_id = $1 ORDER BY id', [userId]);

  beforeAll(async () => {
    t = await startTestApp();
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    actors.user = await account('plain-actor', 1);
    actors.admin = await account('admin-actor', 10);
    actors.superAdmin = await account('super-actor', 100);
  });
  afterAll(async () => {
    await t.close();
  });

  const agentOf = (actor: 'admin' | 'superAdmin' | 'root') => (actor === 'root' ? root : actors[actor].agent);

  describe('POST /api/user/manage', () => {
    describe.each(['admin', 'superAdmin', 'root'] as const)('as %s', (actor) => {
      it.each(['user', 'admin', 'superAdmin'] as const)('on another %s: only the allowed actions change the row', async (targetRole) => {
        for (const action of ACTIONS) {
          const role = ROLE_NUMBER[targetRole];
          const id = await target(role, action === 'enable' ? 2 : 1);
          const before = await row(id);
          const reply = await agentOf(actor).post('/api/user/manage').send({ id, action });
          const allowed = ALLOWED[actor][targetRole].includes(action);
          const expected = allowed ? AFTER[action](role) : { role: before.role, status: before.status, deleted: false };
          expect(reply.body.success, `${actor} ${action} ${targetRole}: ${reply.body.message}`).toBe(allowed);
          expect(await row(id), `${actor} ${action} ${targetRole}`).toMatchObject(expected);
          if (allowed) {
            expect(reply.body.message).toBe('操作成功完成！');
            expect(reply.body.data).toMatchObject({ role: expected.role, status: expected.status });
            expect(reply.body.data.DeletedAt !== null).toBe(expected.deleted);
          } else {
            expect(reply.body.message).toMatch(/[\u4e00-\u9fa5]/);
          }
        }
      });

      it('on root (id 1): refuses every action and changes nothing', async () => {
        for (const action of ACTIONS) {
          const reply = await agentOf(actor).post('/api/user/manage').send({ id: 1, action });
          expect(reply.body.success, `${actor} ${action} root`).toBe(false);
        }
        expect(await row(1)).toMatchObject({ role: 100, status: 1, deleted: false });
      });
    });

    it('refuses an administrator acting on itself', async () => {
      for (const who of ['admin', 'superAdmin'] as const) {
        const { agent, userId } = actors[who];
        for (const action of ACTIONS) expect((await agent.post('/api/user/manage').send({ id: userId, action })).body.success, `${who} ${action}`).toBe(false);
        expect(await row(userId)).toMatchObject({ role: ROLE_NUMBER[who], status: 1, deleted: false });
      }
    });

    it('names why root cannot be demoted, disabled or deleted', async () => {
      for (const action of ['demote', 'disable', 'delete']) {
        expect((await root.post('/api/user/manage').send({ id: 1, action })).body).toMatchObject({ success: false, message: '无法对 root 用户执行此操作' });
      }
    });

    it('is for administrators only (403), and refuses a bad action or id', async () => {
      const id = await target(1);
      expect((await actors.user.agent.post('/api/user/manage').send({ id, action: 'disable' })).status).toBe(403);
      expect((await root.post('/api/user/manage').send({ id, action: 'explode' })).body).toMatchObject({ success: false, message: '无效的操作' });
      expect((await root.post('/api/user/manage').send({ id: 'abc', action: 'disable' })).body).toMatchObject({ success: false, message: '用户不存在' });
      expect((await root.post('/api/user/manage').send({ id: 99_999_999, action: 'disable' })).body).toMatchObject({ success: false, message: '用户不存在' });
      expect(await row(id)).toMatchObject({ status: 1, deleted: false });
    });
  });

  describe('PUT /api/user/', () => {
    const EDITS: Array<['admin' | 'superAdmin' | 'root', Role | 'root', boolean]> = [
      ['admin', 'user', true],
      ['admin', 'admin', false],
      ['admin', 'superAdmin', false],
      ['admin', 'root', false],
      ['superAdmin', 'user', true],
      ['superAdmin', 'admin', true],
      ['superAdmin', 'superAdmin', false],
      ['superAdmin', 'root', false],
      ['root', 'user', true],
      ['root', 'admin', true],
      ['root', 'superAdmin', true],
    ];

    it.each(EDITS)('as %s, edits another %s: %s', async (actor, targetRole, allowed) => {
      const id = targetRole === 'root' ? 1 : await target(ROLE_NUMBER[targetRole]);
      const before = await row(id);
      const logsBefore = await adminLogs(id);
      const reply = await agentOf(actor).put('/api/user/').send({ id, display_name: 'renamed', remark: 'noted', group: 'vip', quota: 123_456 });
      expect(reply.body.success, reply.body.message).toBe(allowed);
      if (allowed) {
        expect(reply.body.message).toBe('用户信息更新成功！');
        expect(await row(id)).toMatchObject({ display_name: 'renamed', remark: 'noted', group: 'vip', quota: 123_456 });
        expect(await adminLogs(id)).toHaveLength(1);
      } else {
        expect(await row(id)).toEqual(before);
        expect(await adminLogs(id)).toEqual(logsBefore);
      }
    });

    it('is for administrators only (403)', async () => {
      const id = await target(1);
      expect((await actors.user.agent.put('/api/user/').send({ id, remark: 'x' })).status).toBe(403);
      expect((await actors.user.agent.put('/api/user/').send({ id: actors.user.userId, quota: 10 ** 9 })).status).toBe(403);
      expect((await row(actors.user.userId)).quota).toBe(0);
    });

    it('lets an administrator edit its own name and remark, never its own group or quota', async () => {
      const { agent, userId } = actors.admin;
      const before = await row(userId);
      expect((await agent.put('/api/user/').send({ id: userId, display_name: 'Admin Self', remark: 'me' })).body.success).toBe(true);
      expect((await agent.put('/api/user/').send({ id: userId, quota: 1_000_000 })).body).toMatchObject({ success: false, message: '不能修改自己的额度' });
      expect((await agent.put('/api/user/').send({ id: userId, group: 'vip' })).body).toMatchObject({ success: false, message: '不能修改自己的分组' });
      // The unchanged balance and group the edit form sends back are no change.
      expect((await agent.put('/api/user/').send({ id: userId, group: before.group, quota: before.quota, remark: 'me again' })).body.success).toBe(true);
      expect(await row(userId)).toMatchObject({ display_name: 'Admin Self', remark: 'me again', group: before.group, quota: before.quota });
      expect(await adminLogs(userId)).toHaveLength(0);

      const superAdmin = actors.superAdmin;
      expect((await superAdmin.agent.put('/api/user/').send({ id: superAdmin.userId, quota: 1_000_000 })).body).toMatchObject({ success: false, message: '不能修改自己的额度' });
      expect((await row(superAdmin.userId)).quota).toBe(0);
    });

    it('lets root set its own balance (a fresh install starts at ROOT_INITIAL_QUOTA, logged), with an admin log row', async () => {
      expect((await row(1)).quota).toBe(ROOT_INITIAL_QUOTA);
      expect(await adminLogs(1)).toEqual([{ content: `系统初始化：root 的初始额度为 ${ROOT_INITIAL_QUOTA}` }]);
      const reply = await root.put('/api/user/').send({ id: 1, quota: 5_000_000 });
      expect(reply.body).toMatchObject({ success: true, data: { id: 1, quota: 5_000_000 } });
      expect((await row(1)).quota).toBe(5_000_000);
      expect(await adminLogs(1)).toHaveLength(2);
      expect((await root.put('/api/user/').send({ id: 1, group: 'vip' })).body).toMatchObject({ success: false, message: '不能修改自己的分组' });
    });

    it('lowers a balance, writes one admin log row per change, none for an unchanged balance', async () => {
      const id = await target(1);
      expect((await actors.admin.agent.put('/api/user/').send({ id, quota: 1_000 })).body.success).toBe(true);
      expect((await actors.admin.agent.put('/api/user/').send({ id, quota: 400 })).body.data.quota).toBe(400);
      expect((await actors.admin.agent.put('/api/user/').send({ id, quota: 400, remark: 'same balance' })).body.success).toBe(true);
      expect((await row(id)).quota).toBe(400);
      const logs = await adminLogs(id);
      expect(logs).toHaveLength(2);
      expect(logs[1].content).toContain('admin-actor');
    });

    it('refuses bad values and changes nothing', async () => {
      const id = await target(1);
      const before = await row(id);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ id, quota: -1 }, '额度不能小于 0'],
        [{ id, quota: 1.5 }, '额度必须是整数'],
        [{ id, quota: '100' }, '额度必须是整数'],
        [{ id, password: 'short' }, '密码长度不得小于 8 位！'],
        [{ id, username: 'has space' }, '用户名不能包含空格或特殊字符 < > " \' &'],
        [{ id, username: 'x'.repeat(21) }, '用户名长度不得大于 20 位'],
        [{ id, remark: 'r'.repeat(256) }, '备注长度不得大于 255 位'],
        [{ id, group: 'no-such-group' }, '分组 no-such-group 不存在，请先在分组倍率中添加'],
        [{ id, username: 'admin-actor' }, '用户名已存在'],
        [{ quota: 5 }, '用户不存在'],
        [{ id: 99_999_999, quota: 5 }, '用户不存在'],
      ];
      for (const [body, message] of cases) expect((await root.put('/api/user/').send(body)).body, JSON.stringify(body)).toMatchObject({ success: false, message });
      expect(await row(id)).toEqual(before);
    });

    it('sets a new password, keeps an empty one, and signs the user out', async () => {
      const { agent, userId } = await t.signUp('pw-target');
      expect((await root.put('/api/user/').send({ id: userId, password: '', remark: 'no new password' })).body.success).toBe(true);
      await t.login('pw-target', 'password-123');
      expect((await root.put('/api/user/').send({ id: userId, password: 'brand-new-pass' })).body.success).toBe(true);
      expect((await agent.get('/api/user/self')).status).toBe(401);
      await expect(t.login('pw-target', 'password-123')).rejects.toThrow();
      await t.login('pw-target', 'brand-new-pass');
    });

    it('shows an administrator the bound accounts, the invitation figures and the inviter, never the invitation code', async () => {
      const id = await target(1);
      await t.db.query(
        `UPDATE users SET email = 'bound@example.com', github_id = 'gh-42', wechat_id = 'wx-openid', telegram_id = '777', linux_do_id = 'ld-9',
           aff_code = 'SECRET', aff_count = 3, aff_quota = 1500, aff_history_quota = 4500, inviter_id = 1 WHERE id = $1`,
        [id],
      );
      const view = (await actors.admin.agent.get(`/api/user/${id}`)).body.data;
      expect(view).toMatchObject({
        email: 'bound@example.com',
        github_id: 'gh-42',
        wechat_id: 'wx-openid',
        telegram_id: '777',
        linux_do_id: 'ld-9',
        aff_count: 3,
        aff_quota: 1500,
        aff_history_quota: 4500,
        inviter_id: 1,
      });
      expect(view).not.toHaveProperty('aff_code');
    });

    it('renames a user, and answers the admin view without secrets', async () => {
      const id = await target(1);
      const reply = await root.put('/api/user/').send({ id, username: `renamed-${id}` });
      expect(reply.body.data.username).toBe(`renamed-${id}`);
      for (const secret of ['password', 'password_hash', 'access_token_hash', 'access_token']) expect(reply.body.data).not.toHaveProperty(secret);
    });
  });

  describe('POST /api/user/', () => {
    it('creates an ordinary user who can sign in', async () => {
      const reply = await actors.admin.agent.post('/api/user/').send({ username: 'made-by-admin', display_name: 'Made', password: 'made-pass-1' });
      expect(reply.body).toMatchObject({ success: true, message: '用户账户创建成功！' });
      const { userId } = await t.login('made-by-admin', 'made-pass-1');
      expect(await row(userId)).toMatchObject({ role: 1, status: 1, display_name: 'Made' });
    });

    it('requires a username and a valid password, and a free name', async () => {
      expect((await root.post('/api/user/').send({ password: 'made-pass-1' })).body).toMatchObject({ success: false, message: '请输入用户名' });
      expect((await root.post('/api/user/').send({ username: 'no-pass' })).body).toMatchObject({ success: false, message: '请输入密码' });
      expect((await root.post('/api/user/').send({ username: 'no-pass', password: 'short' })).body).toMatchObject({ success: false, message: '密码长度不得小于 8 位！' });
      expect((await root.post('/api/user/').send({ username: 'admin-actor', password: 'made-pass-1' })).body).toMatchObject({ success: false, message: '用户名已存在' });
      expect(await t.db.query(`SELECT id FROM users WHERE username = 'no-pass'`)).toHaveLength(0);
      expect((await actors.user.agent.post('/api/user/').send({ username: 'by-user', password: 'made-pass-1' })).status).toBe(403);
    });
  });

  describe('disable and delete', () => {
    /** A user signed in, with one token, whose token the relay has cached (a GET /v1/models answered). */
    const customer = async (name: string, on: { http: () => TestAgent } = t) => {
      const { agent, userId } = await t.signUp(name);
      const created = await agent.post('/api/token/').send({ name: 'relay', unlimited_quota: true });
      const key = created.body.data[0].key as string;
      const models = () => on.http().get('/v1/models').set('Authorization', `Bearer ${key}`);
      expect((await models()).status).toBe(200);
      return { agent, userId, models };
    };

    it('disabling ends the sessions and stops the tokens at once; enabling lets the tokens work again', async () => {
      const { agent, userId, models } = await customer('to-disable');
      expect((await root.post('/api/user/manage').send({ id: userId, action: 'disable' })).body.success).toBe(true);
      expect((await agent.get('/api/user/self')).status).toBe(401);
      expect(await t.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [userId])).toHaveLength(0);
      const refused = await models();
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('user_banned');
      await expect(t.login('to-disable', 'password-123')).rejects.toThrow();

      expect((await root.post('/api/user/manage').send({ id: userId, action: 'enable' })).body.success).toBe(true);
      expect((await models()).status).toBe(200);
    });

    it('deleting is a soft delete: sessions and tokens end, the row stays and the username stays taken', async () => {
      const { agent, userId, models } = await customer('to-delete');
      const balance = (await row(userId)).quota;
      const [before] = await t.db.query('SELECT remark, display_name, "group", password_hash FROM users WHERE id = $1', [userId]);
      const reply = await actors.admin.agent.post('/api/user/manage').send({ id: userId, action: 'delete' });
      expect(reply.body).toMatchObject({ success: true, data: { role: 1, status: 1 } });
      expect(reply.body.data.DeletedAt).toEqual(expect.any(Number));
      expect((await agent.get('/api/user/self')).status).toBe(401);
      expect((await models()).status).toBe(401);
      await expect(t.login('to-delete', 'password-123')).rejects.toThrow();

      expect((await row(userId)).deleted).toBe(true);
      expect((await root.get(`/api/user/${userId}`)).body.data).toMatchObject({ id: userId, username: 'to-delete', DeletedAt: reply.body.data.DeletedAt });
      const again = await t.http().post('/api/user/register').send({ username: 'to-delete', password: 'password-123', aff_code: await t.inviteCode() });
      expect(again.body).toMatchObject({ success: false, message: '用户名已存在' });
      expect((await root.post('/api/user/').send({ username: 'to-delete', password: 'password-123' })).body).toMatchObject({ success: false, message: '用户名已存在' });
      const renamed = await target(1);
      expect((await root.put('/api/user/').send({ id: renamed, username: 'to-delete' })).body).toMatchObject({ success: false, message: '用户名已存在' });

      // Irreversible: no action or edit reaches a deregistered user.
      for (const action of ACTIONS) expect((await root.post('/api/user/manage').send({ id: userId, action })).body).toMatchObject({ success: false, message: '该用户已注销' });
      for (const edit of [{ quota: 5 }, { remark: 'still here?' }, { display_name: 'Renamed' }, { password: 'new-password-123' }, { group: 'vip' }]) {
        expect((await root.put('/api/user/').send({ id: userId, ...edit })).body, JSON.stringify(edit)).toMatchObject({ success: false, message: '该用户已注销' });
      }
      expect(await row(userId)).toMatchObject({ deleted: true, quota: balance, remark: before.remark, display_name: before.display_name, group: before.group });
      expect((await t.db.query('SELECT password_hash FROM users WHERE id = $1', [userId]))[0].password_hash).toBe(before.password_hash);
    });

    it('deleting the own account (DELETE /api/user/self) stops the tokens at once too, and keeps the name taken', async () => {
      const { agent, models } = await customer('self-leaver');
      expect((await agent.delete('/api/user/self')).body.success).toBe(true);
      expect((await models()).status).toBe(401);
      expect((await root.post('/api/user/').send({ username: 'self-leaver', password: 'password-123' })).body).toMatchObject({ success: false, message: '用户名已存在' });
    });

    describe('on a second instance', () => {
      let b: SecondInstance;
      beforeAll(async () => {
        b = await startSecondInstance(t);
      });
      afterAll(async () => {
        await b.close();
      });

      /**
       * Resolves once `to` has received a message published by `from` after everything before it:
       * Redis delivers one subscriber's messages in order, so every earlier change has been applied
       * there. No timer: the next request on `to` must already see the change.
       */
      const busPassed = async (from: INestApplication, to: INestApplication): Promise<void> => {
        const topic = `test-barrier-${randomUUID()}`;
        let arrived!: () => void;
        const received = new Promise<void>((resolve) => (arrived = resolve));
        await to.get(ClusterBus).subscribe(topic, () => arrived());
        await from.get(ClusterBus).publish(topic, 'after');
        await received;
      };

      it.each(['disable', 'delete'] as const)('%s on one instance: the other refuses the session and the token at once', async (action) => {
        const name = `far-${action}`;
        const { userId, models } = await customer(name, b);
        const cookie = (await t.http().post('/api/user/login').send({ username: name, password: 'password-123' })).headers['set-cookie'];
        const selfOnB = () => b.http().get('/api/user/self').set('Cookie', cookie).set('New-Api-User', String(userId));
        expect((await selfOnB()).status).toBe(200);

        expect((await root.post('/api/user/manage').send({ id: userId, action })).body.success).toBe(true);
        await busPassed(t.app, b.app);
        expect((await selfOnB()).status).toBe(401);
        expect((await models()).status).toBe(action === 'disable' ? 403 : 401);
      });
    });
  });

  describe('GET /api/user/ and /api/user/search', () => {
    let ids: number[];
    beforeAll(async () => {
      ids = [];
      for (let i = 1; i <= 5; i++) {
        const [created] = await t.db.query(
          `INSERT INTO users (username, password_hash, display_name, email, "group", created_at) VALUES ($1, 'x', $2, $3, $4, 0) RETURNING id`,
          [`pager-${i}`, `Shown ${i}`, `pager${i}@mail.test`, i <= 2 ? 'svip' : 'default'],
        );
        ids.push(created.id);
      }
    });

    it('pages all users newest first (p zero-based), deregistered ones included', async () => {
      const total = Number((await t.db.query('SELECT count(*) AS n FROM users'))[0].n);
      const first = await root.get('/api/user/').query({ p: 0, page_size: 2 });
      expect(first.body.data).toMatchObject({ total, page: 0, page_size: 2 });
      expect(first.body.data.items.map((user: { id: number }) => user.id)).toEqual([ids[4], ids[3]]);
      const second = await root.get('/api/user/').query({ p: 1, page_size: 2 });
      expect(second.body.data.items.map((user: { id: number }) => user.id)).toEqual([ids[2], ids[1]]);
      const all = await root.get('/api/user/').query({ page_size: 100 });
      expect(all.body.data.items).toHaveLength(Math.min(total, 100));
      expect(all.body.data.items.some((user: { DeletedAt: number | null }) => user.DeletedAt !== null)).toBe(true);
      for (const secret of ['password', 'password_hash', 'access_token_hash']) expect(all.body.data.items[0]).not.toHaveProperty(secret);
      expect(all.body.data.items[0]).toHaveProperty('remark');
    });

    it('searches by id, username, display name and e-mail, and by group', async () => {
      const idsOf = async (query: Record<string, unknown>) =>
        (await root.get('/api/user/search').query({ page_size: 100, ...query })).body.data.items.map((user: { id: number }) => user.id);
      expect(await idsOf({ keyword: 'pager-' })).toEqual([...ids].reverse());
      expect(await idsOf({ keyword: 'SHOWN 3' })).toEqual([ids[2]]);
      expect(await idsOf({ keyword: 'pager4@mail' })).toEqual([ids[3]]);
      expect(await idsOf({ keyword: String(ids[0]) })).toContain(ids[0]);
      expect(await idsOf({ keyword: 'pager', group: 'svip' })).toEqual([ids[1], ids[0]]);
      expect(await idsOf({ keyword: 'pager_' })).toEqual([]);
      const paged = await root.get('/api/user/search').query({ keyword: 'pager-', p: 2, page_size: 2 });
      expect(paged.body.data).toMatchObject({ total: 5, page: 2, page_size: 2 });
      expect(paged.body.data.items.map((user: { id: number }) => user.id)).toEqual([ids[0]]);
    });

    it('is for administrators only, and refuses bad paging', async () => {
      expect((await actors.user.agent.get('/api/user/')).status).toBe(403);
      expect((await actors.user.agent.get('/api/user/search').query({ keyword: 'pager' })).status).toBe(403);
      expect((await actors.user.agent.get(`/api/user/${ids[0]}`)).status).toBe(403);
      expect((await root.get('/api/user/').query({ p: -1 })).body).toMatchObject({ success: false, message: '页码不能小于 0' });
      expect((await root.get('/api/user/').query({ page_size: 101 })).body).toMatchObject({ success: false, message: '每页条数必须在 1 到 100 之间' });
      expect((await root.get('/api/user/abc')).body).toMatchObject({ success: false, message: '用户不存在' });
    });
  });
});
