import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTIFACTS, type RunningProduct, rootApi, startProduct, signInAsRoot } from './harness';

const PHONE = { width: 390, height: 844 };

/** Calls the console API from inside the signed-in page (cookie + New-Api-User, as the SPA does). */
const post = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([url, data]) => (await fetch(url, { method: 'POST', headers: { 'New-Api-User': '1', 'Content-Type': 'application/json' }, body: JSON.stringify(data) })).json(),
    [path, body] as const,
  );

/**
 * Column headers (th) with these texts that a user cannot see: missing, outside the window or
 * covered. `besideFixed`: the table may scroll sideways, each header brought just left of the fixed
 * actions column (where an operator scrolls to read it); otherwise the page is only scrolled down.
 */
function hiddenHeaders(page: Page, texts: string[], besideFixed: boolean): Promise<string[]> {
  return page.evaluate(
    ([wanted, sideways]) =>
      wanted.flatMap((text) => {
        const header = [...document.querySelectorAll<HTMLElement>('.arco-table-th')].find((th) => th.textContent?.trim() === text);
        if (!header) return [`${text}: missing`];
        header.scrollIntoView({ block: 'center', inline: 'nearest' });
        const scroller = header.closest('.arco-table')?.querySelector<HTMLElement>('.arco-table-content-inner');
        if (scroller && !sideways) scroller.scrollLeft = 0;
        if (scroller && sideways && !header.classList.contains('arco-table-col-fixed-right')) {
          const fixed = header.closest('.arco-table')?.querySelector('.arco-table-th.arco-table-col-fixed-right');
          const edge = fixed ? fixed.getBoundingClientRect().left : scroller.getBoundingClientRect().right;
          scroller.scrollLeft += header.getBoundingClientRect().right - edge;
        }
        window.scrollTo({ left: 0, top: window.scrollY });
        // The title text, not the whole cell: a wide column may end past the edge while its title shows.
        const box = (header.querySelector('.arco-table-th-item-title') ?? header).getBoundingClientRect();
        if (box.width === 0 || box.left < 0 || box.right > window.innerWidth + 0.5) return [`${text}: outside the window`];
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return header.contains(hit) ? [] : [`${text}: covered by ${hit?.closest('th')?.textContent?.trim() ?? hit?.className}`];
      }),
    [texts, besideFixed] as const,
  );
}

/**
 * Labels of key fields that the first card of a phone's list does not show in the window: missing,
 * or outside the window once scrolled to.
 */
function hiddenCardFields(page: Page, labels: string[]): Promise<string[]> {
  return page.evaluate((wanted) => {
    const card = document.querySelector<HTMLElement>('.shell-content .rt-card');
    if (!card) return ['no card'];
    return wanted.flatMap((label) => {
      const term = [...card.querySelectorAll<HTMLElement>('.rt-field dt')].find((dt) => dt.textContent?.trim() === label);
      if (!term) return [`${label}: missing`];
      term.scrollIntoView({ block: 'center' });
      const value = (term.nextElementSibling as HTMLElement).getBoundingClientRect();
      return value.left < 0 || value.right > window.innerWidth + 0.5 ? [`${label}: outside the window`] : [];
    });
  }, labels);
}

/** How far a page's table scrolls sideways inside its box (0 when every column fits). */
const tableOverflow = (page: Page) =>
  page.evaluate(() => {
    const scroller = document.querySelector('.shell-content .arco-table-content-inner');
    return scroller ? scroller.scrollWidth - scroller.clientWidth : Number.NaN;
  });

/** The colour a user sees at a point: the backgrounds there, translucent ones laid over what is under them. */
const colourAt = (page: Page, x: number, y: number) =>
  page.evaluate(
    ([left, top]) => {
      const layers: number[][] = [];
      for (let element = document.elementFromPoint(left, top); element; element = element.parentElement) {
        const [r, g, b, a = 1] = (getComputedStyle(element).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
        if (a > 0) layers.push([r, g, b, a]);
        if (a === 1) break;
      }
      // Nothing opaque: the browser's canvas is white.
      const base = layers.at(-1)?.[3] === 1 ? layers.pop()! : [255, 255, 255, 1];
      return layers.reverse().reduce((under, [r, g, b, a]) => [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a), 1], base);
    },
    [x, y] as const,
  );

/** Texts in tables and form labels broken into lines of fewer than two characters (squeezed columns). */
const squeezedTexts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.shell-content :is(.arco-table-th-item-title, .arco-table-cell, .arco-form-label-item)')].flatMap((cell) => {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        if (lines >= 3 && text.length / lines < 2) return [text];
      }
      return [];
    }),
  );

/** Parts of a pagination bar that fall outside it (a wrapped row running over the card's edge). */
const strayPaginationParts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.shell-content .arco-pagination')].flatMap((bar) => {
      const box = bar.getBoundingClientRect();
      return [...bar.children].filter((part) => part.getBoundingClientRect().bottom > box.bottom + 0.5).map((part) => part.className);
    }),
  );

/** How far the document is wider than the window (0 when nothing sticks out sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * The list pages and what a user needs to see on a phone without scrolling sideways: the key fields
 * of each row's card (list pages), or the columns of a table that stays one (the queue status).
 */
const LIST_PAGES: Array<{ name: string; path: string; ready: string; cardFields?: string[]; keyHeaders?: string[] }> = [
  { name: 'token', path: '/token', ready: '我的令牌', cardFields: ['状态', '密钥', '剩余额度'] },
  { name: 'channel', path: '/channel', ready: '管理渠道', cardFields: ['ID', '状态', '余额'] },
  { name: 'user', path: '/user', ready: '管理用户', cardFields: ['ID', '状态', '用户角色', '剩余额度'] },
  { name: 'log', path: '/log', ready: '日志', cardFields: ['用户', '模型', '花费'] },
  { name: 'pricing', path: '/pricing', ready: '模型价格', cardFields: ['计费类型', '模型价格'] },
  { name: 'model-manage', path: '/model-manage', ready: '模型管理', cardFields: ['渠道', '分组'] },
  { name: 'model-check', path: '/model-check', ready: '任务队列', keyHeaders: ['队列'] },
  { name: 'playground', path: '/playground', ready: '发送' },
  { name: 'setting', path: '/setting', ready: '当前余额' },
  { name: 'customer-connect', path: '/customer-connect', ready: '用户联系列表', cardFields: ['手机号', '状态'] },
];

describe('layout at desktop and phone sizes', () => {
  let product: RunningProduct;
  beforeAll(async () => {
    product = await startProduct('layout');
    await signInAsRoot(product);
    const { page } = product;
    // Rows with long text, as operators name things.
    const channel = await post(page, '/api/channel/', {
      type: 1,
      name: '华东区域主力渠道（生产环境，按量计费，勿删）',
      key: 'sk-layout-key',
      base_url: 'https://api.example.com',
      models: 'gpt-4o,gpt-4o-mini',
      groups: ['default', 'vip'],
    });
    expect(channel.success).toBe(true);
    for (const name of ['生产环境令牌', '一个名字相当长的测试令牌，用于检查折行']) {
      expect((await post(page, '/api/token/', { name, unlimited_quota: true })).success).toBe(true);
    }
    // Root's quota set by hand: a row in the usage log.
    const self = await rootApi(page, 'GET', '/api/user/1');
    expect((await rootApi(page, 'PUT', '/api/user/', { ...self.data, id: 1, quota: 10 * 500000 })).success).toBe(true);
    const contact = { name: '欧阳明远', phone: '13800138000', company: '华东某某人工智能数据科技有限公司', remark: '需要十万条中文医疗问答数据，含多轮对话与专家标注，请尽快联系' };
    expect((await post(page, '/api/customer_connect/', contact)).success).toBe(true);
  });
  afterAll(async () => {
    await product?.stop();
  });

  it('shows the channel columns beside the fixed actions column on a desktop', async () => {
    const { page, url } = product;
    await page.goto(`${url}/channel`);
    await page.locator('.arco-table-td', { hasText: '华东区域主力渠道' }).first().waitFor();
    await product.screenshot('desktop-channel');
    expect(await hiddenHeaders(page, ['响应时间', '余额', '优先级', '权重', '操作'], true)).toEqual([]);
  });

  it('fits the channel and log tables on a 1440 px screen, the other columns in each row expansion', async () => {
    const context = await product.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', storageState: await product.page.context().storageState() });
    const wide = await context.newPage();
    for (const { path, row, expanded } of [
      { path: '/channel', row: '华东区域主力渠道', expanded: '已用额度' },
      { path: '/log', row: '管理', expanded: '详情' },
    ]) {
      await wide.goto(`${product.url}${path}`);
      await wide.locator('.arco-table-td', { hasText: row }).first().waitFor();
      expect(await tableOverflow(wide), path).toBe(0);
      await wide.getByRole('button', { name: '展开更多信息' }).first().click();
      await wide.locator('.rt-expansion').getByText(expanded, { exact: true }).waitFor();
      await wide.screenshot({ path: join(ARTIFACTS, `layout-1440${path.replace('/', '-')}.png`), fullPage: true });
    }
    await context.close();
  });

  it('keeps the sidebar in view on a long page, and the background dark below the cards in dark mode', async () => {
    const { page, url } = product;
    await page.goto(`${url}/setting`);
    await page.getByText('当前余额').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const sider = await page.locator('.shell-sider').boundingBox();
    expect(sider!.y).toBeCloseTo(0, 0);
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);

    await page.evaluate(() => localStorage.setItem('theme-mode', 'dark'));
    await page.goto(`${url}/about`);
    await page.locator('.shell-content').waitFor();
    await product.screenshot('desktop-about-dark');
    // The bottom of the window, below the short page, and the sign-in page: the dark palette, not white.
    const [red, green, blue] = await colourAt(page, 1000, 700);
    expect(red + green + blue).toBeLessThan(3 * 100);
    await page.goto(`${url}/register`);
    await page.getByText('注册新账户').first().waitFor();
    const [r2, g2, b2] = await colourAt(page, 20, 20);
    expect(r2 + g2 + b2).toBeLessThan(3 * 100);
    await page.evaluate(() => localStorage.setItem('theme-mode', 'light'));
  });

  it('shows registration and password reset without the console sidebar', async () => {
    const context = await product.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    const guest = await context.newPage();
    for (const [path, ready] of [['/register', '注册新账户'], ['/reset', '发送重置邮件']]) {
      await guest.goto(`${product.url}${path}`);
      await guest.getByText(ready).first().waitFor();
      expect(await guest.locator('.shell-sider').count(), path).toBe(0);
      await guest.screenshot({ path: join(ARTIFACTS, `layout-desktop${path.replace('/', '-')}.png`), fullPage: true });
    }
    await context.close();
  });

  it('puts the playground and the about page in the menu', async () => {
    const { page, url } = product;
    await page.goto(`${url}/token`);
    await page.locator('.shell-sider').getByText('操练场').click();
    await page.waitForURL(/\/playground$/);
    await page.locator('.shell-sider').getByText('关于').click();
    await page.waitForURL(/\/about$/);
  });

  describe('on a phone (390×844)', () => {
    let phone: Page;
    beforeAll(async () => {
      const context = await product.browser.newContext({ viewport: PHONE, locale: 'zh-CN', storageState: await product.page.context().storageState() });
      phone = await context.newPage();
    });
    afterAll(async () => {
      await phone.context().close();
    });

    it.each(LIST_PAGES)('$name: nothing sticks out sideways and the key fields are in view', async ({ name, path, ready, cardFields, keyHeaders }) => {
      await phone.goto(`${product.url}${path}`);
      await phone.locator('.shell-content').getByText(ready, { exact: true }).first().waitFor();
      await phone.waitForFunction(() => !document.querySelector('.shell-content .arco-spin-loading'));
      await phone.screenshot({ path: join(ARTIFACTS, `layout-phone-${name}.png`), fullPage: true });
      expect(await overflow(phone)).toBeLessThanOrEqual(0);
      expect(await squeezedTexts(phone)).toEqual([]);
      expect(await strayPaginationParts(phone)).toEqual([]);
      if (cardFields) expect(await hiddenCardFields(phone, cardFields)).toEqual([]);
      if (keyHeaders) expect(await hiddenHeaders(phone, keyHeaders, false)).toEqual([]);
    });

    it('opens the menu from the top bar, and closes it on the page it leads to', async () => {
      await phone.goto(`${product.url}/token`);
      expect(await phone.locator('.shell-sider').count()).toBe(0);
      await phone.getByRole('button', { name: '打开菜单' }).click();
      const menu = phone.locator('.shell-menu-drawer');
      const logItem = menu.getByRole('menuitem', { name: '日志', exact: true });
      // A click waits for the item to stand still: the drawer has finished sliding in.
      await logItem.hover();
      await phone.screenshot({ path: join(ARTIFACTS, 'layout-phone-menu.png') });
      await logItem.click();
      await phone.waitForURL(/\/log$/);
      await menu.waitFor({ state: 'detached' });
    });

    it('log: the date range picker opens within the screen', async () => {
      await phone.goto(`${product.url}/log`);
      await phone.locator('.shell-content .arco-picker').first().click();
      const popup = phone.locator('.arco-picker-range-container');
      await popup.waitFor();
      await phone.screenshot({ path: join(ARTIFACTS, 'layout-phone-log-date-picker.png') });
      expect(await overflow(phone)).toBeLessThanOrEqual(0);
      const box = (await popup.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    });
  });
});
