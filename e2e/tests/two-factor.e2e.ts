import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../packages/server/test/totp-code';
import { ARTIFACTS, createMember, loginButton, type RunningProduct, signIn, signInAsRoot, startProduct, submitLogin } from './harness';

const USERNAME = 'e2e-2fa';
const PASSWORD = 'two-factor-pass-1';
const STEP_MS = 30_000;

/** A screenshot once the finite animations (fade-ins, dialogs, toasts) have ended. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState === 'finished' || animation.effect?.getTiming().iterations === Infinity));
  await page.screenshot({ path: join(ARTIFACTS, `two-factor-${name}.png`), fullPage: true });
}

/** The 两步验证 card of the personal tab. */
const twoFactorCard = (page: Page): Locator => page.locator('.arco-card', { has: page.getByText('两步验证', { exact: true }) });

describe('a user turns on two-factor sign-in in the console and signs in with password and code', () => {
  let product: RunningProduct;
  let visitor: BrowserContext;
  let page: Page;
  let secret: string;
  let backupCodes: string[];

  beforeAll(async () => {
    product = await startProduct('two-factor');
    await signInAsRoot(product);
    await createMember(product.page, { username: USERNAME, password: PASSWORD, display_name: USERNAME });
    visitor = await product.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    page = await visitor.newPage();
    await signIn(page, product.url, USERNAME, PASSWORD);
  });
  afterAll(async () => {
    await visitor?.close();
    await product?.stop();
  });

  it('enables 2FA: the QR code and secret, the backup codes once, then a first code', async () => {
    await page.goto(`${product.url}/setting?tab=personal`);
    const card = twoFactorCard(page);
    await card.getByText('未启用').waitFor();
    await card.getByRole('button', { name: '启用两步验证' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByAltText('两步验证二维码').waitFor();
    expect(await dialog.getByAltText('两步验证二维码').getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    secret = (await dialog.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot(page, '1-qr');

    await dialog.getByRole('button', { name: '下一步' }).click();
    backupCodes = (await dialog.locator('.two-factor-code-list li').allInnerTexts()).map((code) => code.trim());
    expect(backupCodes).toHaveLength(10);
    await shot(page, '2-backup-codes');
    await dialog.getByRole('button', { name: '下一步' }).click();

    await dialog.getByLabel('验证码').fill(totpCode(secret));
    await dialog.getByRole('button', { name: '确认启用' }).click();
    await card.getByText('已启用').waitFor();
    await card.getByText('剩余备用码：10 个').waitFor();
    await shot(page, '3-enabled');
  });

  it('signs out, then signs in with the password and a code; a wrong code shows the error', async () => {
    await page.locator('.arco-avatar').first().click();
    await page.getByText('退出登录').click();
    await page.waitForURL(/\/entry/);

    await page.goto(`${product.url}/login`);
    await submitLogin(page, USERNAME, PASSWORD);
    const codeField = page.getByPlaceholder('6 位数字验证码');
    await codeField.waitFor();
    expect(await loginButton(page).count()).toBe(0);
    // No session yet: the server still answers 401.
    expect(await page.evaluate(() => fetch('/api/user/self').then((reply) => reply.status))).toBe(401);

    // Ten minutes away: not a code of the current step or its neighbours.
    await codeField.fill(totpCode(secret, Date.now() + 20 * STEP_MS));
    await page.getByRole('button', { name: '验证并登录' }).click();
    await page.getByText('验证码错误或已使用，请重试').waitFor();
    await shot(page, '4-wrong-code');

    // The next step's code (accepted as drift): the step used to enable is spent.
    await codeField.fill(totpCode(secret, Date.now() + STEP_MS));
    await page.getByRole('button', { name: '验证并登录' }).click();
    await page.getByText('登录成功！').first().waitFor();
    await page.waitForURL(/\/data-market$/);
  });

  it('on a phone: signs in with a backup code, turns 2FA off with another, and shows the setup dialog', async () => {
    const phone = await product.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', isMobile: true, hasTouch: true });
    try {
      const phonePage = await phone.newPage();
      await phonePage.goto(`${product.url}/login`);
      await submitLogin(phonePage, USERNAME, PASSWORD);
      await phonePage.getByPlaceholder('6 位数字验证码').waitFor();
      await phonePage.getByText('使用备用码').click();
      await phonePage.getByPlaceholder('xxxx-xxxx').fill(backupCodes[0]);
      await shot(phonePage, '5-phone-code-step');
      await phonePage.getByRole('button', { name: '验证并登录' }).click();
      await phonePage.getByText('登录成功！').first().waitFor();

      await phonePage.goto(`${product.url}/setting?tab=personal`);
      const card = twoFactorCard(phonePage);
      await card.getByText('剩余备用码：9 个').waitFor();
      await card.getByRole('button', { name: '停用两步验证' }).click();
      const dialog = phonePage.getByRole('dialog');
      await dialog.getByLabel('验证码').fill(backupCodes[1]);
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      await card.getByText('未启用').waitFor();

      await card.getByRole('button', { name: '启用两步验证' }).click();
      await phonePage.getByRole('dialog').getByAltText('两步验证二维码').waitFor();
      await shot(phonePage, '6-phone-setup');
    } finally {
      await phone.close();
    }
  });
});
