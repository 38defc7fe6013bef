import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedApp, type EmbeddedApp } from '../../test/embedded-app';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';
import { MSG_CROSS_SITE } from '../auth/same-origin.guard';
import { SESSION_CLEANUP_JOB } from '../auth/session-cleanup.job';
import { JobsService } from '../jobs/jobs.service';
import { MSG_NO_BULLMQ } from './queue-board.service';

/** The site the test requests are addressed to (Host), and so the Origin of its own pages. */
const SITE = 'gw.example';
const OWN_ORIGIN = `http://${SITE}`;
const PAUSE = `/api/queues/api/queues/${SESSION_CLEANUP_JOB}/pause`;
const RESUME = `/api/queues/api/queues/${SESSION_CLEANUP_JOB}/resume`;

describe('queue dashboard (bull-board) on BullMQ (integration)', () => {
  let t: TestApp;
  /** Root as a browser that opened the dashboard: the session cookie, no New-Api-User. */
  let rootBrowser: TestAgent;
  let user: { cookie: TestAgent; header: TestAgent };
  let admin: { cookie: TestAgent; header: TestAgent };
  let assetPath: string;

  /** Signs in and returns the browser (cookie only) and the console (cookie + New-Api-User) of that user. */
  const signIn = async (username: string, password: string) => {
    const cookie = request.agent(t.app.getHttpServer());
    const reply = await cookie.post('/api/user/login').send({ username, password });
    if (!reply.body.success) throw new Error(reply.body.message);
    const header = request.agent(t.app.getHttpServer());
    await header.post('/api/user/login').send({ username, password });
    header.set('New-Api-User', String(reply.body.data.id));
    return { cookie, header, userId: reply.body.data.id as number };
  };
  const paused = () => t.app.get(JobsService).bullMqQueues()!.find((queue) => queue.name === SESSION_CLEANUP_JOB)!.isPaused();

  beforeAll(async () => {
    t = await startTestApp();
    rootBrowser = (await signIn('root', ROOT_PASSWORD)).cookie;
    await t.signUp('board-user');
    await t.signUp('board-admin');
    user = await signIn('board-user', 'password-123');
    const admins = await signIn('board-admin', 'password-123');
    await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [admins.userId]);
    admin = admins;
    const page = await rootBrowser.get('/api/queues');
    assetPath = `/api/queues/${/src="(static\/js\/main\.[^"]+\.js)"/.exec(page.text)![1]}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows root the dashboard on a plain navigation (session cookie only)', async () => {
    for (const path of ['/api/queues', '/api/queues/', `/api/queues/queue/${SESSION_CLEANUP_JOB}`]) {
      const page = await rootBrowser.get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('<base href="/api/queues/" />');
      expect(page.text).toContain('<title>任务队列</title>');
      // The console's security headers apply here too.
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(page.headers['x-powered-by']).toBeUndefined();
    }
    const asset = await rootBrowser.get(assetPath);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  it('lists our BullMQ queues in its API', async () => {
    const reply = await rootBrowser.get('/api/queues/api/queues');
    expect(reply.status).toBe(200);
    const names = (reply.body.queues as Array<{ name: string }>).map((queue) => queue.name).sort();
    expect(names).toEqual(t.app.get(JobsService).queueNames().sort());
    expect(names).toEqual(expect.arrayContaining([SESSION_CLEANUP_JOB, 'channel-test', 'model-heartbeat', 'usage-rollup', 'task-poll']));
  });

  it('refuses a guest, a user and an administrator on the page, a file, the API and a write', async () => {
    const paths: Array<['get' | 'put', string]> = [
      ['get', '/api/queues'],
      ['get', assetPath],
      ['get', '/api/queues/static/images/logo.svg'],
      ['get', '/api/queues/api/queues'],
      ['get', '/api/queues/api/redis/stats'],
      ['put', PAUSE],
      ['put', `/api/queues/api/queues/${SESSION_CLEANUP_JOB}/retry/failed`],
      ['put', `/api/queues/api/queues/${SESSION_CLEANUP_JOB}/clean/completed`],
      // Letter case inside the dashboard changes nothing: the whole prefix is guarded.
      ['get', '/api/queues/API/QUEUES'],
    ];
    for (const [method, path] of paths) {
      const guest = await t.http()[method](path).set('Origin', OWN_ORIGIN).set('Host', SITE);
      expect(guest.status, `guest ${method} ${path}`).toBe(401);
      expect(guest.body.success).toBe(false);
      for (const [who, agent] of [
        ['user (cookie)', user.cookie],
        ['user (header)', user.header],
        ['admin (cookie)', admin.cookie],
        ['admin (header)', admin.header],
      ] as const) {
        const reply = await agent[method](path).set('Origin', OWN_ORIGIN).set('Host', SITE);
        expect(reply.status, `${who} ${method} ${path}`).toBe(403);
        expect(reply.body).toEqual({ success: false, message: '无权进行此操作，权限不足', data: null });
      }
    }
    expect(await paused()).toBe(false);
  });

  it('lets root pause and resume a queue from its own pages', async () => {
    const pause = await rootBrowser.put(PAUSE).set('Origin', OWN_ORIGIN).set('Host', SITE);
    expect(pause.status).toBe(200);
    expect(await paused()).toBe(true);
    const resume = await rootBrowser.put(RESUME).set('Origin', OWN_ORIGIN).set('Host', SITE);
    expect(resume.status).toBe(200);
    expect(await paused()).toBe(false);
  });

  it('refuses a cookie write from another site, and one that names no origin and no user', async () => {
    const crossSite = await rootBrowser.put(PAUSE).set('Origin', 'https://evil.example').set('Host', SITE);
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toEqual({ success: false, message: MSG_CROSS_SITE, data: null });
    const bySecFetch = await rootBrowser.put(PAUSE).set('Sec-Fetch-Site', 'cross-site');
    expect(bySecFetch.status).toBe(403);
    // No Origin: not from a page of this site, and no New-Api-User either.
    const anonymous = await rootBrowser.put(PAUSE);
    expect(anonymous.status).toBe(401);
    // A cross-site read carrying the cookie is refused as anywhere under /api/.
    expect((await rootBrowser.get('/api/queues/api/queues').set('Origin', 'https://evil.example').set('Host', SITE)).status).toBe(403);
    expect(await paused()).toBe(false);
  });

  it('accepts scripts with the access token and New-Api-User, and nothing less', async () => {
    const { header: rootConsole } = await signIn('root', ROOT_PASSWORD);
    const token = (await rootConsole.get('/api/user/token')).body.data as string;
    const read = await t.http().get('/api/queues/api/queues').set('Authorization', token).set('New-Api-User', '1');
    expect(read.status).toBe(200);
    expect((await t.http().get('/api/queues/api/queues').set('Authorization', token)).status).toBe(401);
    expect((await t.http().get('/api/queues/api/queues').set('Authorization', 'not-the-token').set('New-Api-User', '1')).status).toBe(401);
    const write = await t.http().put(PAUSE).set('Authorization', token).set('New-Api-User', '1');
    expect(write.status).toBe(200);
    expect(await paused()).toBe(true);
    expect((await t.http().put(RESUME).set('Authorization', token).set('New-Api-User', '1')).status).toBe(200);
    expect(await paused()).toBe(false);
  });

  it.each(['/API/queues', '/api/Queues', '/Api/queues', '/API/QUEUES', '/api//queues'])('is no route at %s, even for root', async (prefix) => {
    for (const path of [prefix, `${prefix}/api/queues`]) {
      for (const agent of [rootBrowser, t.http()]) {
        const reply = await agent.get(path);
        expect(reply.status, path).toBe(404);
        expect(reply.body).toEqual({ success: false, message: '接口不存在', data: null });
      }
    }
    const write = await rootBrowser.put(`${prefix}/api/queues/${SESSION_CLEANUP_JOB}/pause`).set('Origin', OWN_ORIGIN).set('Host', SITE);
    expect(write.status).toBe(404);
    expect(await paused()).toBe(false);
  });
});

describe('queue dashboard with the embedded in-process jobs (integration)', () => {
  let embedded: EmbeddedApp;
  beforeAll(async () => {
    embedded = await startEmbeddedApp('queue-board');
  });
  afterAll(async () => {
    await embedded.close();
  });

  it('tells root it needs Redis, and refuses everyone else as before', async () => {
    const root = await embedded.signInRoot();
    for (const path of ['/api/queues', '/api/queues/api/queues', '/api/queues/static/images/logo.svg']) {
      const reply = await root.get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body).toEqual({ success: false, message: MSG_NO_BULLMQ, data: null });
    }
    expect((await embedded.http().get('/api/queues')).status).toBe(401);
    // The OpenAPI document does not depend on the job backend.
    expect((await root.get('/api/docs/openapi.json')).body.openapi).toMatch(/^3\./);
  });
});
