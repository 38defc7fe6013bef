import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { startBuiltServer } from '../../packages/server/test/built-server';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WEB_INDEX = join(ROOT, 'packages/web/dist/index.html');
export const ARTIFACTS = join(ROOT, 'e2e/artifacts');
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const ROOT_PASSWORD = 'e2e-root-pass';

/** The flags the machine needs for headless Chromium (no sandbox as root, no background network). */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface RunningProduct {
  url: string;
  browser: Browser;
  page: Page;
  screenshot: (name: string) => Promise<void>;
  stop: () => Promise<void>;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${PG_URL}/postgres` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The built product as an operator runs it (`node packages/server/dist/main.js` serving the built
 * SPA) on its own empty PostgreSQL database and Redis prefix, plus a headless Debian Chromium.
 * `env` adds to the server's environment (for example provider base URLs pointing at local fakes).
 */
export async function startProduct(suite: string, env: Record<string, string> = {}): Promise<RunningProduct> {
  if (!existsSync(WEB_INDEX)) throw new Error(`${WEB_INDEX} is missing: run "pnpm build" first`);
  mkdirSync(ARTIFACTS, { recursive: true });
  const id = randomBytes(5).toString('hex');
  const database = `gw_e2e_${id}`;
  await admin((client) => client.query(`CREATE DATABASE "${database}"`));
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-e2e-'));
  const server = await startBuiltServer({
    DATA_DIR: dataDir,
    DATABASE_URL: `${PG_URL}/${database}`,
    REDIS_URL,
    REDIS_PREFIX: `gwe2e:${id}`,
    INITIAL_ROOT_PASSWORD: ROOT_PASSWORD,
    ...env,
  });

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  // Reduced motion: charts are drawn without animation, so screenshots show them finished.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', reducedMotion: 'reduce' });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  return {
    url: server.url,
    browser,
    page,
    screenshot: async (name) => {
      await page.screenshot({ path: join(ARTIFACTS, `${suite}-${name}.png`), fullPage: true });
    },
    stop: async () => {
      await browser.close();
      await server.stop();
      await admin((client) => client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
      rmSync(dataDir, { recursive: true, force: true });
      if (pageErrors.length > 0) throw new Error(`errors in the page:\n${pageErrors.join('\n')}`);
    },
  };
}

/** The login form's own button (the third-party sign-in buttons say 登录 too); only the login page has it. */
export const loginButton = (page: Page): Locator => page.getByRole('button', { name: /^登\s*录$/ });

/**
 * Waits until the login page shows, then fills and sends its form. After a link or a redirect the
 * address changes before the lazily loaded page replaces the previous one, whose fields may have the
 * same placeholders (the registration page).
 */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await loginButton(page).waitFor();
  await page.getByPlaceholder('用户名', { exact: true }).fill(username);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  await loginButton(page).click();
}

/** Fills and sends the login form on the page as it is (the login page, or a page that redirected to it) as root. */
export async function submitRootLogin(page: Page): Promise<void> {
  await submitLogin(page, 'root', ROOT_PASSWORD);
  await page.getByText('登录成功！').first().waitFor();
}

/** Opens /login and signs in as root. */
export async function signInAsRoot(product: RunningProduct): Promise<void> {
  await product.page.goto(`${product.url}/login`);
  await submitRootLogin(product.page);
}

/** Opens /login in `page` and signs in with the login form. */
export async function signIn(page: Page, url: string, username: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  await submitLogin(page, username, password);
  await page.getByText('登录成功！').first().waitFor();
}

/** A console API call made from the page with its own session, as the given user id (cookie + New-Api-User, as the SPA does). */
export const apiAs = (page: Page, userId: number, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ userId, method, path, body }) => {
      const reply = await fetch(path, {
        method,
        headers: { 'New-Api-User': String(userId), 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return reply.json();
    },
    { userId, method, path, body },
  );

/** A console API call made from the page with root's session (root signed in). */
export const rootApi = (page: Page, method: string, path: string, body?: unknown) => apiAs(page, 1, method, path, body);

/** Throws the server's message when a console reply is not a success. */
export function expectSuccess<T>(reply: { success: boolean; message: string; data?: T }): T {
  if (!reply.success) throw new Error(reply.message);
  return reply.data as T;
}

/**
 * Creates an account from root's page (the add-user drawer's call), with `role` (1 ordinary,
 * 10 administrator: one promotion) and `quota`. Returns its id.
 */
export async function createMember(page: Page, member: { username: string; password: string; display_name: string; role?: number; quota?: number }): Promise<number> {
  expectSuccess(await rootApi(page, 'POST', '/api/user/', { username: member.username, password: member.password, display_name: member.display_name }));
  const found = expectSuccess<{ items: Array<{ id: number; username: string }> }>(await rootApi(page, 'GET', `/api/user/search?keyword=${member.username}`));
  const id = found.items.find((item) => item.username === member.username)!.id;
  if ((member.role ?? 1) >= 10) expectSuccess(await rootApi(page, 'POST', '/api/user/manage', { id, action: 'promote' }));
  if (member.quota) expectSuccess(await rootApi(page, 'PUT', '/api/user/', { id, quota: member.quota }));
  return id;
}

/** The key of the signed-in user's token called `name`. */
export async function tokenKey(page: Page, userId: number, name: string): Promise<string> {
  const tokens = expectSuccess<{ items: Array<{ name: string; key: string }> }>(await apiAs(page, userId, 'GET', '/api/token/?p=0&size=100'));
  return tokens.items.find((item) => item.name === name)!.key;
}

/** One chat completion through the relay with a token key, read to its end. */
export async function chatThroughRelay(url: string, key: string, model: string): Promise<void> {
  const reply = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: '你好' }] }),
  });
  await reply.arrayBuffer();
}

/** Waits until root's log search counts `count` consumption rows (written with the billing's batched settlement). */
export async function waitForConsumeLogs(page: Page, count: number): Promise<void> {
  for (let tries = 0; (await rootApi(page, 'GET', '/api/log/?type=2')).data.total < count; tries++) {
    if (tries === 150) throw new Error(`${count} requests were not logged within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Serves `ratios`' models from a mock upstream at `upstreamUrl` (a loopback channel, so private
 * addresses are allowed), sets root's quota and gives it a token: what the relay needs to answer root.
 * `names` of the channel and of root's token: 'mock' and 'console' unless a suite shows them.
 */
export async function serveMockModels(page: Page, upstreamUrl: string, ratios: Record<string, number>, names = { channel: 'mock', token: 'console' }): Promise<void> {
  const ok = (reply: { success: boolean; message: string }) => {
    if (!reply.success) throw new Error(reply.message);
  };
  for (const [key, value] of [
    ['ChannelPrivateAddressEnabled', 'true'],
    ['ModelRatio', JSON.stringify(ratios)],
  ]) {
    ok(await rootApi(page, 'PUT', '/api/option/', { key, value }));
  }
  ok(await rootApi(page, 'POST', '/api/channel/', { type: 1, name: names.channel, key: 'sk-upstream', base_url: upstreamUrl, models: Object.keys(ratios).join(','), groups: ['default'] }));
  // Root starts with ROOT_INITIAL_QUOTA; a known balance keeps the suites' figures independent of it.
  const self = await rootApi(page, 'GET', '/api/user/1');
  ok(await rootApi(page, 'PUT', '/api/user/', { ...self.data, id: 1, quota: 50 * 500000 }));
  ok(await rootApi(page, 'POST', '/api/token/', { name: names.token, unlimited_quota: true }));
}
