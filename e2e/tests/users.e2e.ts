import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { ARTIFACTS, loginButton, type RunningProduct, signInAsRoot, startProduct } from './harness';

const PHONE = { width: 390, height: 844 };
const USERNAME = 'e2e-alice';
const PASSWORD = 'alice-pass-1';
// Operators write long display names; the name column must wrap them, not widen.
const DISPLAY_NAME = '华东区域销售部门测试账号（长名字，用于检查折行）';

/** The table row of a user, found by its username. */
const rowOf = (page: Page, username: string): Locator => page.locator('.arco-table-tr', { has: page.getByText(username, { exact: true }) });

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `users-${name}.png`), fullPage: true });

describe('an administrator manages a user on the user page', () => {
  let product: RunningProduct;
  let member: BrowserContext;
  let memberPage: Page;

  beforeAll(async () => {
    product = await startProduct('users');
    await signInAsRoot(product);
    member = await product.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    memberPage = await member.newPage();
  });
  afterAll(async () => {
    await member?.close();
    await product?.stop();
  });

  it('lists root on a fresh install', async () => {
    const { page, url } = product;
    await page.goto(`${url}/user`);
    await page.getByText('管理用户').first().waitFor();
    await rowOf(page, 'root').waitFor();
    await expect(rowOf(page, 'root').getByText('超级管理员').isVisible()).resolves.toBe(true);
    await shot(page, '1-list');
  });

  it('shows an empty table for a search nobody matches, and everyone again after an empty search', async () => {
    const { page } = product;
    const keyword = page.getByLabel('搜索关键字');
    await keyword.fill('nobody-here');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.locator('.arco-table').getByText('暂无数据').waitFor();
    await shot(page, '1-empty-search');
    await keyword.fill('');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await rowOf(page, 'root').waitFor();
  });

  it('creates a user in the add drawer', async () => {
    const { page } = product;
    await page.getByRole('button', { name: '添加用户' }).click();
    const drawer = page.locator('.arco-drawer');
    await drawer.getByLabel('用户名').fill(USERNAME);
    await drawer.getByLabel('显示名称').fill(DISPLAY_NAME);
    await drawer.getByLabel('密码').fill(PASSWORD);
    await shot(page, '2-add-drawer');
    await drawer.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('用户账户创建成功！').first().waitFor();
    const row = rowOf(page, USERNAME);
    await row.waitFor();
    await expect(row.getByText('已激活').isVisible()).resolves.toBe(true);
    await expect(row.getByText('普通用户').isVisible()).resolves.toBe(true);
    await shot(page, '3-created');
  });

  it('gives the user quota in the edit drawer: the current balance, the change and the balance after', async () => {
    const { page, url } = product;
    await rowOf(page, USERNAME).getByRole('button', { name: /编\s*辑/ }).click();
    const drawer = page.locator('.arco-drawer');
    const amount = drawer.getByLabel('增加额度');
    await amount.waitFor();
    const before = await page.evaluate(async (path) => (await (await fetch(path, { headers: { 'New-Api-User': '1' } })).json()).data, `${url}/api/user/search?keyword=${USERNAME}`);
    const user = before.items[0];
    await amount.fill('1000000');
    await drawer.getByText('调整后余额', { exact: true }).waitFor();
    await shot(page, '4-edit-quota');
    await drawer.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('用户信息更新成功！').first().waitFor();

    const after = await page.evaluate(async (path) => (await (await fetch(path, { headers: { 'New-Api-User': '1' } })).json()).data, `${url}/api/user/${user.id}`);
    expect(after.quota).toBe(user.quota + 1_000_000);
    // A new user starts at 0 (QuotaForNewUser); 1000000 quota is $2.00, shown in the table once it reloads.
    await rowOf(page, USERNAME).getByText('$2.00').waitFor();
  });

  it('the user signs in in another browser', async () => {
    await memberPage.goto(`${product.url}/login`);
    await memberPage.getByPlaceholder('用户名').fill(USERNAME);
    await memberPage.getByPlaceholder('密码').fill(PASSWORD);
    await loginButton(memberPage).click();
    await memberPage.getByText('登录成功！').first().waitFor();
    await memberPage.goto(`${product.url}/token`);
    await memberPage.getByText('我的令牌').first().waitFor();
    await shot(memberPage, '5-member-signed-in');
  });

  it('root disables the user', async () => {
    const { page } = product;
    const row = rowOf(page, USERNAME);
    await row.getByRole('button', { name: /禁\s*用/ }).click();
    await page.getByText('操作成功完成！').first().waitFor();
    await row.getByText('已封禁').waitFor();
    await row.getByRole('button', { name: /启\s*用/ }).waitFor();
    await shot(page, '6-disabled');
  });

  it("the user's next page load goes to login", async () => {
    await memberPage.reload();
    await memberPage.waitForURL(/\/login$/);
    await memberPage.getByPlaceholder('用户名').waitFor();
    // The login page fades its parts in; the screenshot waits for that to end.
    await memberPage.waitForFunction(() => document.getAnimations().every((animation) => animation.playState === 'finished'));
    await shot(memberPage, '7-member-at-login');
  });

  it('shows the page and the edit drawer on a phone', async () => {
    const context = await product.browser.newContext({ viewport: PHONE, locale: 'zh-CN', storageState: await product.page.context().storageState() });
    const phone = await context.newPage();
    await phone.goto(`${product.url}/user`);
    await rowOf(phone, USERNAME).waitFor();
    await shot(phone, 'phone-list');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await phone.goto(`${product.url}/user/edit`);
    const drawer = phone.locator('.arco-drawer');
    await drawer.getByText('编辑个人信息').waitFor();
    // A click waits for the element to stand still: the drawer has finished sliding in.
    await drawer.getByLabel('显示名称').click();
    await expect(drawer.getByLabel('增加额度').count()).resolves.toBe(0);
    const box = (await drawer.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await shot(phone, 'phone-own-profile');
    await context.close();
  });
});
