import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_COMMON, ROLE_GUEST, ROLE_ROOT, roleAllows } from '../../packages/shared/src/roles';
import { INPUT_NODE_DATA, INPUT_NODE_POSITION, LLM_NODE_DATA, START_NODE_DEFAULT, WORKFLOW_NODE_HEIGHTS, WORKFLOW_NODE_WIDTH } from '../../packages/shared/src/workflow';
import { MockOpenAiUpstream } from '../../packages/server/test/mock-openai-upstream';
import { type AppRoute, ROUTES } from '../../packages/web/src/routes/route-table';
import {
  apiAs,
  ARTIFACTS,
  chatThroughRelay,
  createMember,
  expectSuccess,
  rootApi,
  type RunningProduct,
  serveMockModels,
  signIn,
  signInAsRoot,
  startProduct,
  tokenKey,
  waitForConsumeLogs,
} from './harness';
import { PageWatch, sidewaysOverflow, untranslatedWords } from './page-checks';

/**
 * Every route of the console's route table (imported: a new route is visited without a change
 * here), as a guest, an ordinary user, an administrator and root, on a desktop and on a phone,
 * against the built server with a mock upstream. A visit fails on a console error, a failed request
 * the route does not expect, English a user would read, a page wider than the window, and a wrong
 * outcome for a visitor without access. Screenshots go to e2e/artifacts/screens/ with a manifest
 * that `pnpm user-guide` turns into docs/user-guide.md.
 */

const MODEL = 'gpt-4o-mini';
const ROOT_TOKEN = '控制台令牌';
const SCREENS = join(ARTIFACTS, 'screens');
const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
type SizeName = keyof typeof SIZES;
type RoleName = 'guest' | 'user' | 'admin' | 'root';
type MemberName = Exclude<RoleName, 'guest'>;

/** What each signed-in account owns, for the routes that show one of its own records. */
interface OwnRecords {
  talking: number;
  project: number;
  run: number;
}

interface Seed {
  dataset: number;
  channel: number;
  userId: number;
  own: Record<MemberName, OwnRecords>;
  /** The path of a live share link to root's run (`/share/run/<token>`). */
  share: string;
}

/**
 * The address visited for each route pattern with parameters: real ids from the seed, the visitor's
 * own records where the page shows one (a guest is sent to login before any is read).
 */
const PARAM_PATHS: Record<string, (seed: Seed, own: OwnRecords) => string> = {
  '/entryNews/:id': () => '/entryNews/1',
  // As a stale bookmark would open it: the server refuses the code (GitHub sign-in is off).
  '/oauth/:type/callback': () => '/oauth/github/callback?code=stale&state=stale',
  '/data-market/:id': (seed) => `/data-market/${seed.dataset}`,
  '/data-market/:id/view-all': (seed) => `/data-market/${seed.dataset}/view-all`,
  '/multi-model-compare/history/:id': (_, own) => `/multi-model-compare/history/${own.talking}`,
  '/workflow/editor/:id': (_, own) => `/workflow/editor/${own.project}`,
  '/workflowResult/:id': (_, own) => `/workflowResult/${own.run}`,
  // Root's run, shared: what anyone holding the link sees, signed in or not.
  '/share/run/:token': (seed) => seed.share,
  // The first entry of the Chats option; none is configured, and the page says so.
  '/chat/:id': () => '/chat/0',
  '/channel/edit/:id': (seed) => `/channel/edit/${seed.channel}`,
  '/user/edit/:id': (seed) => `/user/edit/${seed.userId}`,
};

/** Routes whose page moves on by design when the visitor may open it, and where to. */
const LANDINGS: Record<string, { path: string; why: string }> = {
  '/multi-model-compare': { path: '/multi-model-chat', why: 'spec 3 §2.10: with no chat id and no new chat to start, the compare page goes to the landing page' },
  '/oauth/:type/callback': { path: '/setting', why: 'spec 1 §2.6: a refused callback goes to /setting' },
};

/**
 * Failed requests a route expects, each with its reason ("GET /api/x: 404"). Empty: no page of the
 * console lets a request fail while it loads, whoever opens it.
 */
const EXPECTED_FAILURES: Record<string, Array<{ failure: RegExp; why: string }>> = {};

interface Visitor {
  name: RoleName;
  role: number;
  id?: number;
  page: Page;
  watch: PageWatch;
}

/** One screenshot, as the user-guide script reads the manifest. */
interface ScreenEntry {
  route: string;
  role: RoleName;
  size: SizeName;
  file: string;
}

/** A route pattern as a file name part: '/data-market/:id/view-all' → 'data-market-id-view-all'. */
const slug = (pattern: string) => pattern.replace(/^\//, '').replace(/[/:]+/g, '-');

/**
 * Whose view of a route is kept as a screenshot: root's of every route, and the view of the role a
 * route is for (a guest's public pages, an ordinary user's pages). An administrator sees root's pages.
 */
function screenshotFor(role: RoleName, route: AppRoute): boolean {
  if (role === 'root') return true;
  if (role === 'user') return route.access === 'user';
  if (role === 'guest') return route.access === 'public';
  return false;
}

describe('every route of the route table, for every role, on a desktop and a phone', () => {
  let product: RunningProduct;
  let upstream: MockOpenAiUpstream;
  let seed: Seed;
  const visitors = new Map<RoleName, Visitor>();
  const manifest: ScreenEntry[] = [];

  beforeAll(async () => {
    rmSync(SCREENS, { recursive: true, force: true });
    mkdirSync(SCREENS, { recursive: true });
    upstream = await new MockOpenAiUpstream().start();
    // The instance name the statistics show (by default the machine's name, which differs between machines).
    product = await startProduct('every-route', { INSTANCE_NAME: 'gw-1' });
    await signInAsRoot(product);
    const { page, url, browser } = product;
    // Names as an operator gives them: the channel and root's token show on many pages and in the user guide.
    await serveMockModels(page, upstream.url, { [MODEL]: 1, 'gpt-4o': 2.5 }, { channel: 'OpenAI 主渠道', token: ROOT_TOKEN });
    // The dashboard, monitor and drawing entries of the sidebar (spec 1 §2.2).
    for (const key of ['DataExportEnabled', 'DrawingEnabled']) expectSuccess(await rootApi(page, 'PUT', '/api/option/', { key, value: 'true' }));
    expectSuccess(await rootApi(page, 'PUT', '/api/option/', { key: 'About', value: '## 关于本站\n\n本站为团队提供统一的大模型接入、数据集与评测工具。如有问题，请联系管理员。' }));
    expectSuccess(await rootApi(page, 'POST', '/api/update/', { title: '新增多模型对话', content: '现在可以同时与三个模型对话，并比较它们的回答。' }));
    expectSuccess(await rootApi(page, 'POST', '/api/redemption/', { name: '新用户礼包', quota: 5 * 500000, count: 2 }));
    expectSuccess(await rootApi(page, 'POST', '/api/customer_connect/', { name: '王小明', phone: '13800138000', company: '某某科技有限公司', remark: '需要中文问答数据' }));
    const channel = expectSuccess<{ items: Array<{ id: number }> }>(await rootApi(page, 'GET', '/api/channel/?p=0&page_size=10')).items[0].id;
    // A shipped sample dataset.
    const [{ id: dataset, data_num: records }] = expectSuccess<{ list: Array<{ id: number; data_num: number }> }>(await rootApi(page, 'GET', '/api/data_library_info/?page=1&page_size=1')).list;

    const members = {
      user: { username: 'e2e-user', password: 'user-pass-123', display_name: '张三', role: ROLE_COMMON },
      admin: { username: 'e2e-admin', password: 'admin-pass-123', display_name: '李四', role: ROLE_ADMIN },
    };
    const newVisitor = async (name: RoleName, role: number, id?: number): Promise<Visitor> => {
      // Reduced motion, as the harness's page: charts and intro animations are drawn finished in screenshots.
      const visitorPage = name === 'root' ? page : await (await browser.newContext({ viewport: SIZES.desktop, locale: 'zh-CN', reducedMotion: 'reduce' })).newPage();
      return { name, role, id, page: visitorPage, watch: await PageWatch.start(visitorPage) };
    };
    visitors.set('guest', await newVisitor('guest', ROLE_GUEST));
    for (const name of ['user', 'admin'] as const) {
      const id = await createMember(page, { ...members[name], quota: 20 * 500000 });
      const visitor = await newVisitor(name, members[name].role, id);
      await signIn(visitor.page, url, members[name].username, members[name].password);
      visitors.set(name, visitor);
    }
    visitors.set('root', await newVisitor('root', ROLE_ROOT, 1));

    /**
     * An account's own records: a token with two relay calls (log rows), a compare chat of two
     * models with one question answered, and a project with a finished run over the dataset.
     */
    const ownRecords = async ({ name, page: own, id }: Visitor): Promise<OwnRecords> => {
      const api = (method: string, path: string, body?: unknown) => apiAs(own, id!, method, path, body);
      // Root has serveMockModels' token.
      const tokenName = name === 'root' ? ROOT_TOKEN : '我的令牌';
      if (name !== 'root') expectSuccess(await api('POST', '/api/token/', { name: tokenName, unlimited_quota: true }));
      const key = await tokenKey(own, id!, tokenName);
      for (let i = 0; i < 2; i++) await chatThroughRelay(url, key, MODEL);

      const talking = expectSuccess<{ id: number }>(await api('POST', '/relay/v1/talking/', { name: '比较两个模型的自我介绍' })).id;
      const conversations = expectSuccess<Array<{ id: number; model_name: string }>>(
        await api('POST', '/relay/v1/conversation/', [MODEL, 'gpt-4o'].map((model_name) => ({ talking_id: talking, model_name }))),
      );
      for (const conversation of conversations) {
        // The compare page's own call: streamed with the session, the exchange stored under the conversation.
        const body = { model: conversation.model_name, messages: [{ role: 'user', content: '用一句话介绍你自己' }], stream: true, conversation_id: conversation.id, talking_id: talking };
        await own.evaluate(
          async ({ id, body }) => {
            const reply = await fetch('/v1/chat/completions', { method: 'POST', headers: { 'New-Api-User': String(id), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
            await reply.text();
          },
          { id: id!, body },
        );
      }

      const project = expectSuccess<{ id: number }>(await api('POST', '/api/apps/', { title: '常识问答评测', description: '用中文常识问答比较模型' })).id;
      const node = (id: string, type: 'input' | 'llm', position: { x: number; y: number }, data: object) => ({ id, type, position, data, width: WORKFLOW_NODE_WIDTH, height: WORKFLOW_NODE_HEIGHTS[type] });
      const graph = {
        nodes: [
          START_NODE_DEFAULT,
          node('input-1', 'input', INPUT_NODE_POSITION, { ...INPUT_NODE_DATA, variables: [{ ...INPUT_NODE_DATA.variables[0], default: dataset }] }),
          // Within a desktop's canvas: the editor fits the view to the nodes only on a phone.
          node('llm-1', 'llm', { x: 780, y: 300 }, { ...LLM_NODE_DATA, model: { ...LLM_NODE_DATA.model, name: MODEL } }),
        ],
        edges: [{ id: 'e1', source: 'input-1', target: 'llm-1', type: 'custom' }],
      };
      expectSuccess(await api('POST', `/api/workflow/${project}`, { graph }));
      const run = expectSuccess<{ run_id: number }>(await api('POST', '/api/workflow/chat-messages', { app_id: project, response_mode: 'direct', run_whole_data: true })).run_id;
      for (let tries = 0; expectSuccess<{ Status: string }>(await api('GET', `/api/workflow/run_status/${run}`)).Status !== 'succeeded'; tries++) {
        if (tries === 300) throw new Error(`the run of ${name} did not finish within 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { talking, project, run };
    };
    const [user, admin, root] = await Promise.all((['user', 'admin', 'root'] as const).map((name) => ownRecords(visitors.get(name)!)));
    // Per account: two relay calls, two compare answers and an answer for each record of the dataset.
    await waitForConsumeLogs(page, 3 * (4 + records));
    // The statistics roll the logs up on a schedule; 立即更新's call does it now.
    expectSuccess(await rootApi(page, 'POST', '/api/statistics/refresh'));
    const share = expectSuccess<{ url: string }>(await rootApi(page, 'POST', `/api/workflow/runs/${root.run}/share`)).url;
    seed = { dataset, channel, userId: visitors.get('user')!.id!, own: { user, admin, root }, share };
  });

  afterAll(async () => {
    writeFileSync(join(SCREENS, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    for (const visitor of visitors.values()) if (visitor.name !== 'root') await visitor.page.context().close();
    await product?.stop();
    await upstream?.stop();
  });

  it('has an address for every route with parameters', () => {
    const missing = ROUTES.filter((route) => route.path.includes(':') && !PARAM_PATHS[route.path]).map((route) => route.path);
    expect(missing, 'add these patterns to PARAM_PATHS').toEqual([]);
  });

  it('notices a console error, a CSP violation, a failed request, English words and a page too wide (the checks can fail)', async () => {
    const { page, watch } = visitors.get('guest')!;
    await page.setViewportSize(SIZES.phone);
    watch.begin();
    await page.goto(`${product.url}/entry`);
    await page.evaluate(async () => {
      console.error('broken');
      // An inline handler: the CSP's script-src-attr 'none' refuses it.
      document.body.insertAdjacentHTML('beforeend', '<span onclick="void 0"></span>');
      await fetch('/api/no-such-call');
      const wide = document.createElement('p');
      wide.textContent = 'Submit 提交';
      wide.style.width = '2000px';
      document.body.append(wide);
    });
    await watch.settle();
    expect(watch.errors).toEqual(['console error: broken', expect.stringMatching(/^CSP violation: script-src-attr blocked inline/)]);
    expect(watch.failures).toEqual(['GET /api/no-such-call: 404']);
    expect(await untranslatedWords(page)).toEqual(['Submit (in “Submit 提交”)']);
    expect(await sidewaysOverflow(page)).toBeGreaterThan(0);
  });

  /** Opens one route as one visitor and returns what is wrong, each line naming the visitor and address. */
  async function visitRoute(visitor: Visitor, route: AppRoute, size: SizeName): Promise<string[]> {
    const { page, watch } = visitor;
    const own = visitor.name === 'guest' ? seed.own.root : seed.own[visitor.name];
    const path = PARAM_PATHS[route.path]?.(seed, own) ?? route.path;
    const allowed = roleAllows(route.access, visitor.role, visitor.id);

    watch.begin();
    await page.goto(`${product.url}${path}`);
    await watch.settle();
    const problems = [...watch.errors];
    const expected = EXPECTED_FAILURES[route.path] ?? [];
    problems.push(...watch.failures.filter((failure) => !expected.some((allowance) => allowance.failure.test(failure))).map((failure) => `failed request ${failure}`));

    const landed = new URL(page.url()).pathname;
    if (!allowed && visitor.role === ROLE_GUEST) {
      // Spec 1 §2.1: a guest goes to login and is told why.
      if (landed !== '/login') problems.push(`landed on ${landed} instead of /login`);
      if ((await page.getByText('请先登录以访问该页面').count()) === 0) problems.push('no 请先登录以访问该页面 message');
    } else if (!allowed) {
      // A signed-in visitor without the role stays at the address and is told (route-gate.tsx).
      if (landed !== new URL(`${product.url}${path}`).pathname) problems.push(`landed on ${landed}`);
      if ((await page.getByText('无权访问').count()) === 0) problems.push('no 无权访问 page');
    } else {
      let landing = LANDINGS[route.path]?.path ?? new URL(`${product.url}${path}`).pathname;
      // A page that moves a guest on to a members' page ends at login.
      const next = ROUTES.find((candidate) => candidate.path === landing);
      if (visitor.role === ROLE_GUEST && next && !roleAllows(next.access, ROLE_GUEST)) landing = '/login';
      if (landed !== landing) problems.push(`landed on ${landed} instead of ${landing}`);
      for (const text of ['页面不存在', '无权访问']) if ((await page.getByText(text).count()) > 0) problems.push(`shows ${text}`);
    }

    problems.push(...(await untranslatedWords(page)).map((word) => `English: ${word}`));
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) problems.push(`${overflow} px wider than the window`);

    if (allowed && screenshotFor(visitor.name, route)) {
      const file = `${visitor.name}-${size}-${slug(route.path)}.png`;
      await page.screenshot({ path: join(SCREENS, file) });
      manifest.push({ route: route.path, role: visitor.name, size, file });
    }
    return problems.map((problem) => `${visitor.name} at ${path}: ${problem}`);
  }

  // The four visitors open each route at the same time (a browser context each): the run stays short.
  describe.each(Object.keys(SIZES) as SizeName[])('on a %s', (size) => {
    beforeAll(async () => {
      await Promise.all([...visitors.values()].map((visitor) => visitor.page.setViewportSize(SIZES[size])));
    });

    it.each(ROUTES.map((route) => [route.path, route] as const))('%s, as guest, user, administrator and root', async (_, route) => {
      const problems = (await Promise.all([...visitors.values()].map((visitor) => visitRoute(visitor, route, size)))).flat();
      expect(problems, problems.join('\n')).toEqual([]);
    });
  });
});
