import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, createMember, loginButton, type RunningProduct, signIn, signInAsRoot, startProduct } from './harness';

const USERNAME = 'e2e-devices';
const PASSWORD = 'devices-pass-1';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

/** A screenshot once the finite animations (dialogs, toasts) have ended. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState === 'finished' || animation.effect?.getTiming().iterations === Infinity));
  await page.screenshot({ path: join(ARTIFACTS, `devices-${name}.png`), fullPage: true });
}

/** The 登录设备 card of the personal tab. */
const devicesCard = (page: Page): Locator => page.locator('.arco-card', { has: page.getByText('登录设备', { exact: true }) });

describe('a user sees where the account is signed in and signs another browser out', () => {
  let product: RunningProduct;
  let desktop: BrowserContext;
  let phone: BrowserContext;
  let desktopPage: Page;
  let phonePage: Page;
  let userId: number;

  beforeAll(async () => {
    product = await startProduct('devices');
    await signInAsRoot(product);
    userId = await createMember(product.page, { username: USERNAME, password: PASSWORD, display_name: USERNAME });
    desktop = await product.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    phone = await product.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', userAgent: IPHONE_UA, isMobile: true, hasTouch: true });
    desktopPage = await desktop.newPage();
    phonePage = await phone.newPage();
    await signIn(desktopPage, product.url, USERNAME, PASSWORD);
    await signIn(phonePage, product.url, USERNAME, PASSWORD);
  });
  afterAll(async () => {
    await desktop?.close();
    await phone?.close();
    await product?.stop();
  });

  it('lists both browsers, this one tagged 当前设备', async () => {
    await desktopPage.goto(`${product.url}/setting?tab=personal`);
    const card = devicesCard(desktopPage);
    await card.getByText('Safari 17 · iOS 17.1').waitFor();
    await expect(card.locator('.arco-table-tr', { hasText: '当前设备' }).count()).resolves.toBe(1);
    await expect(card.locator('tbody .arco-table-tr').count()).resolves.toBe(2);
    await expect(card.locator('.arco-table-tr', { hasText: 'Safari 17 · iOS 17.1' }).getByText('手机').isVisible()).resolves.toBe(true);
    await card.scrollIntoViewIfNeeded();
    await shot(desktopPage, '1-desktop');

    // On the phone: a card per device, still with its times and the current tag.
    await phonePage.goto(`${product.url}/setting?tab=personal`);
    const phoneCard = devicesCard(phonePage);
    await phoneCard.getByText('当前设备').waitFor();
    await expect(phoneCard.locator('.rt-cards').count()).resolves.toBe(1);
    await expect(phoneCard.getByText('最近活动').count()).resolves.toBe(2);
    await phoneCard.scrollIntoViewIfNeeded();
    await shot(phonePage, '2-phone');
  });

  it('ends the phone’s session from the desktop: the phone is signed out on its next navigation', async () => {
    const card = devicesCard(desktopPage);
    await card.getByRole('button', { name: '退出 Safari 17 · iOS 17.1' }).click();
    await desktopPage.getByText('已退出该设备').first().waitFor();
    await card.getByText('Safari 17 · iOS 17.1').waitFor({ state: 'detached' });
    await expect(card.locator('tbody .arco-table-tr').count()).resolves.toBe(1);

    await phonePage.goto(`${product.url}/setting?tab=personal`);
    await loginButton(phonePage).waitFor();
    await shot(phonePage, '3-phone-signed-out');
    // The desktop is still signed in.
    await desktopPage.reload();
    await devicesCard(desktopPage).getByText('当前设备').waitFor();
  });

  it('lets root see the user’s devices on the user page and sign them all out', async () => {
    const { page, url } = product;
    await page.goto(`${url}/user`);
    const row = page.locator('.arco-table-tr', { has: page.getByText(USERNAME, { exact: true }) });
    await row.getByRole('button', { name: '设备' }).click();
    const modal = page.locator('.arco-modal');
    await modal.getByText(`登录设备 · ${USERNAME}`).waitFor();
    await expect(modal.locator('tbody .arco-table-tr').count()).resolves.toBe(1);
    await shot(page, '4-admin-modal');
    await page.setViewportSize({ width: 390, height: 844 });
    await modal.locator('.rt-cards').waitFor();
    await shot(page, '5-admin-modal-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await modal.getByRole('button', { name: '全部退出' }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('已退出该用户的所有设备').first().waitFor();
    await modal.getByText('暂无登录设备').waitFor();

    await desktopPage.goto(`${url}/setting?tab=personal`);
    await loginButton(desktopPage).waitFor();
    expect(userId).toBeGreaterThan(1);
  });
});
