import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectRoutes } from '../../test/routes';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';

const DOCUMENT = '/api/docs/openapi.json';
const REFUSED = { success: false, message: '无权进行此操作，权限不足', data: null };
const NO_ROUTE = { success: false, message: '接口不存在', data: null };
const METRICS_TOKEN = 'metrics-secret-4f0c2d9e7b1a';

/** The declared path of a Nest route as OpenAPI writes it: `{id}` for `:id`, no trailing slash. */
const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1');

describe('OpenAPI description of the console API (integration)', () => {
  let t: TestApp;
  let root: TestAgent;
  let rootToken: string;

  beforeAll(async () => {
    t = await startTestApp();
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    rootToken = (await root.get('/api/user/token')).body.data as string;
    // Secrets the server holds, which the document must not contain.
    expect((await root.put('/api/option/').send({ key: 'MetricsToken', value: METRICS_TOKEN })).body.success).toBe(true);
    expect((await root.post('/api/channel/').send({ type: 1, name: 'upstream', key: 'sk-channel-secret-9d8e7f', base_url: 'http://127.0.0.1:9', models: 'gpt-4o', groups: ['default'] })).body.success).toBe(true);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is root-only: a guest gets 401, a user and an administrator 403, root the document', async () => {
    const guest = await t.http().get(DOCUMENT);
    expect(guest.status).toBe(401);
    expect(guest.body.success).toBe(false);

    const { agent: user, userId } = await t.signUp('docs-user');
    const asUser = await user.get(DOCUMENT);
    expect(asUser.status).toBe(403);
    expect(asUser.body).toEqual(REFUSED);

    await t.db.query('UPDATE users SET role = 10 WHERE id = $1', [userId]);
    const asAdmin = await user.get(DOCUMENT);
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body).toEqual(REFUSED);

    const asRoot = await root.get(DOCUMENT);
    expect(asRoot.status).toBe(200);
    expect(asRoot.headers['content-type']).toMatch(/application\/json/);
    expect(asRoot.headers['cache-control']).toBe('no-store');
    expect(asRoot.body.openapi).toMatch(/^3\./);

    // Scripts: the system access token with New-Api-User, as for any console call.
    const byToken = await t.http().get(DOCUMENT).set('Authorization', rootToken).set('New-Api-User', '1');
    expect(byToken.status).toBe(200);
    expect(byToken.body.info.title).toBe('AI 网关控制台 API');
  });

  it('lists every console route of the application with the role it needs', async () => {
    const document = (await root.get(DOCUMENT)).body;
    const paths = document.paths as Record<string, Record<string, { 'x-access'?: string; security?: unknown[] }>>;
    expect(paths).toHaveProperty('/api/channel');
    expect(paths).toHaveProperty('/api/token');
    expect(paths).toHaveProperty(['/api/channel/{id}', 'delete']);
    expect(Object.keys(paths).every((path) => path.startsWith('/api/'))).toBe(true);

    const documented = new Set(Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)));
    // The page and files of the docs, and bull-board's paths (its own API), are not console calls.
    const consoleRoutes = collectRoutes(t).filter(({ path }) => path.startsWith('/api/') && !path.startsWith('/api/queues') && !path.startsWith('/api/docs/ui') && path !== '/api/docs/');
    expect(consoleRoutes.length).toBeGreaterThan(100);
    expect(consoleRoutes.map(({ method, path }) => `${method} ${openApiPath(path)}`).filter((route) => !documented.has(route))).toEqual([]);

    expect(paths['/api/user/login'].post['x-access']).toBe('public');
    expect(paths['/api/user/login'].post.security).toEqual([]);
    expect(paths['/api/token'].get['x-access']).toBe('user');
    expect(paths['/api/channel'].get['x-access']).toBe('admin');
    expect(paths['/api/option'].put['x-access']).toBe('root');
    expect(paths['/api/docs/openapi.json'].get['x-access']).toBe('root');
    expect(paths['/api/token'].get.security).toEqual([
      { session: [], 'user-id': [] },
      { 'access-token': [], 'user-id': [] },
    ]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['access-token', 'session', 'user-id']);
  });

  it('holds no secret of the server', async () => {
    const text = (await root.get(DOCUMENT)).text;
    for (const secret of [ROOT_PASSWORD, rootToken, METRICS_TOKEN, 'sk-channel-secret-9d8e7f', t.config.sessionSecret, t.config.cryptoSecret, t.config.databaseUrl!, t.config.redisUrl!]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/127\.0\.0\.1|localhost/);
  });

  it('serves the page and its files to anyone: they hold no data', async () => {
    const page = await t.http().get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // Scripts from the server itself only, none inline (the CSP would block them).
    expect(page.text).toContain('<script src="/api/docs/ui/swagger-ui-bundle.js"></script>');
    expect(page.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page.text).not.toMatch(/https?:\/\//);

    const bundle = await t.http().get('/api/docs/ui/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/^text\/javascript/);
    expect(bundle.text).toContain('SwaggerUIBundle');
    expect((await t.http().get('/api/docs/ui/swagger-ui.css')).headers['content-type']).toMatch(/^text\/css/);
    const script = await t.http().get('/api/docs/ui/docs.js');
    expect(script.text).toContain("'New-Api-User'");
    expect(script.text).toContain("localStorage.getItem('user')");
  });

  it.each(['/api/docs/ui/index.html', '/api/docs/ui/..%2Fpackage.json', '/api/docs/ui/%2e%2e%2f%2e%2e%2fpackage.json', '/api/docs/ui/constructor', '/api/docs/ui/swagger-ui-bundle.js.map'])(
    'serves no other file at %s',
    async (path) => {
      const reply = await t.http().get(path);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual(NO_ROUTE);
    },
  );

  it.each(['/API/Docs/openapi.json', '/api/Docs/openapi.json', '/Api/docs/openapi.json', '/api/docs/OPENAPI.JSON', '/API/DOCS', '/api//docs/openapi.json'])(
    'answers no document at %s, not even to root',
    async (path) => {
      for (const agent of [root, t.http()]) {
        const reply = await agent.get(path);
        expect(reply.status).toBe(404);
        expect(reply.body).toEqual(NO_ROUTE);
      }
    },
  );
});
