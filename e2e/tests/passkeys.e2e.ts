import { join } from 'node:path';
import type { BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, createMember, loginButton, type RunningProduct, signIn, signInAsRoot, startProduct } from './harness';

const USERNAME = 'e2e-passkey';
const PASSWORD = 'passkey-pass-1';
const PASSKEY_NAME = '测试笔记本';

/** A screenshot once the finite animations (fade-ins, dialogs, toasts) have ended. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState === 'finished' || animation.effect?.getTiming().iterations === Infinity));
  await page.screenshot({ path: join(ARTIFACTS, `passkeys-${name}.png`), fullPage: true });
}

/** The 通行密钥 card of the personal tab. */
const passkeysCard = (page: Page): Locator => page.locator('.arco-card', { has: page.getByText('通行密钥', { exact: true }) });

/** Chromium's virtual authenticator on `page`: a platform authenticator that keeps discoverable credentials and verifies the user. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

describe('a member adds a passkey in 个人设置 and signs in with it, without a username', () => {
  let product: RunningProduct;
  let member: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  let authenticatorId: string;
  /** WebAuthn refuses IP addresses as the relying party: the member opens the console by host name. */
  let url: string;

  beforeAll(async () => {
    product = await startProduct('passkeys');
    url = product.url.replace('127.0.0.1', 'localhost');
    await signInAsRoot(product);
    await createMember(product.page, { username: USERNAME, password: PASSWORD, display_name: USERNAME });
    member = await product.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', reducedMotion: 'reduce' });
    page = await member.newPage();
    ({ cdp, authenticatorId } = await addVirtualAuthenticator(member, page));
    await signIn(page, url, USERNAME, PASSWORD);
  });
  afterAll(async () => {
    await member?.close();
    await product?.stop();
  });

  it('adds a passkey under a chosen name; the card shows it as never used', async () => {
    await page.goto(`${url}/setting?tab=personal`);
    const card = passkeysCard(page);
    await card.getByText('暂无通行密钥').waitFor();
    await card.getByRole('button', { name: '添加通行密钥' }).click();
    const dialog = page.getByRole('dialog');
    const name = dialog.getByLabel('通行密钥名称');
    // A first name from the browser and system.
    expect(await name.inputValue()).toMatch(/Chrome/);
    await name.fill(PASSKEY_NAME);
    await dialog.getByRole('button', { name: '继续' }).click();
    await page.getByText('通行密钥已添加').first().waitFor();
    await card.getByText(PASSKEY_NAME).waitFor();
    await card.getByText('从未使用').waitFor();

    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);
    expect(credentials[0].rpId).toBe('localhost');

    await card.scrollIntoViewIfNeeded();
    await shot(page, '1-card-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.locator('.rt-cards').waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, '2-card-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('signs out, then signs in with 使用通行密钥登录 and sees the console', async () => {
    await page.locator('.arco-avatar').first().click();
    await page.getByText('退出登录').click();
    await page.waitForURL(/\/entry/);
    expect(await page.evaluate(() => fetch('/api/user/self').then((reply) => reply.status))).toBe(401);

    await page.goto(`${url}/login`);
    await loginButton(page).waitFor();
    const passkeyButton = page.getByRole('button', { name: '使用通行密钥登录' });
    await passkeyButton.waitFor();
    await shot(page, '3-login');
    await passkeyButton.click();
    await page.getByText('登录成功！').first().waitFor();
    await page.waitForURL(/\/data-market/);
    await page.locator('.arco-avatar').first().waitFor();

    // The sign-in is the member's, and the card now shows when the passkey was last used.
    await page.goto(`${url}/setting?tab=personal`);
    const card = passkeysCard(page);
    await card.getByText(PASSKEY_NAME).waitFor();
    await expect(card.getByText('从未使用').count()).resolves.toBe(0);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials[0].signCount).toBeGreaterThan(0);
  });
});
