import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ARTIFACTS, createMember, type RunningProduct, signInAsRoot, startProduct } from './harness';
import { sidewaysOverflow, untranslatedWords } from './page-checks';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const USERNAME = 'e2e-audited';

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `audit-log-${name}.png`), fullPage: true });
/** The user page's table row of a user, found by its username. */
const userRow = (page: Page, username: string): Locator => page.locator('.arco-table-tr', { has: page.getByText(username, { exact: true }) });

describe("root changes a user's quota and finds the change in the audit log", () => {
  let product: RunningProduct;
  let userId: number;

  beforeAll(async () => {
    product = await startProduct('audit-log');
    await signInAsRoot(product);
    userId = await createMember(product.page, { username: USERNAME, password: 'audited-pass-1', display_name: '审计对象', quota: 100 });
  });
  afterAll(async () => {
    await product?.stop();
  });

  it('raises the quota from 100 to 200 in 用户管理', async () => {
    const { page, url } = product;
    await page.goto(`${url}/user`);
    await userRow(page, USERNAME).getByRole('button', { name: /编\s*辑/ }).click();
    const drawer = page.locator('.arco-drawer');
    const amount = drawer.getByLabel('增加额度');
    await amount.waitFor();
    await amount.fill('100');
    await drawer.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('用户信息更新成功！').first().waitFor();
  });

  it('shows the change in 审计日志 with 修改前 and 修改后', async () => {
    const { page, url } = product;
    await page.goto(`${url}/user`);
    await page.locator('.arco-menu-item', { hasText: '审计日志' }).click();
    await page.waitForURL(/\/audit$/);
    await page.getByText('审计日志').first().waitFor();
    // Only the quota row: the filter by 操作 and 对象 ID, as an operator narrows the log.
    await page.getByLabel('对象 ID').fill(String(userId));
    await page.getByRole('combobox', { name: '操作' }).click();
    await page.locator('.arco-select-option', { hasText: '修改用户额度' }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();

    // Newest first: root's change in the drawer (100 → 200), then the quota the account was given (0 → 100); nothing else.
    const rows = page.locator('.arco-table-tr', { has: page.locator('table.audit-diff') });
    await rows.nth(1).waitFor();
    await expect(rows.allTextContents()).resolves.toEqual([expect.stringContaining('修改用户额度'), expect.stringContaining('修改用户额度')]);
    const row = rows.first();
    await expect(row.getByText('root (#1)').isVisible()).resolves.toBe(true);
    await expect(row.getByText(String(userId), { exact: true }).isVisible()).resolves.toBe(true);
    const diff = row.locator('table.audit-diff');
    await expect(diff.locator('th').allTextContents()).resolves.toEqual(['字段', '修改前', '修改后']);
    await expect(diff.locator('tbody tr td').allTextContents()).resolves.toEqual(['quota', '100', '200']);
    expect(await untranslatedWords(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot(page, 'desktop');
  });

  it('works on a phone: the row is a card with the same diff', async () => {
    const { page } = product;
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByLabel('对象 ID').fill(String(userId));
    await page.getByRole('button', { name: /查\s*询/ }).click();
    // Newest first, as on a desktop: the first card's diff is root's change.
    const diff = page.locator('table.audit-diff').first();
    await diff.waitFor();
    await expect(diff.locator('tbody tr td').allTextContents()).resolves.toEqual(['quota', '100', '200']);
    expect(await sidewaysOverflow(page)).toBe(0);
    await shot(page, 'phone');
    await page.setViewportSize(DESKTOP);
  });
});
