import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LocalOidcProvider } from '../../packages/server/test/local-oidc-provider';
import { ARTIFACTS, expectSuccess, loginButton, rootApi, type RunningProduct, signInAsRoot, startProduct } from './harness';

/** A screenshot once the finite animations (the login page's fade-in, dialogs, toasts) have ended. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState === 'finished' || animation.effect?.getTiming().iterations === Infinity));
  await page.screenshot({ path: join(ARTIFACTS, `oidc-${name}.png`), fullPage: true });
}

const selfOf = (page: Page) =>
  page.evaluate(async () => {
    const id = JSON.parse(localStorage.getItem('user') ?? 'null')?.id;
    return (await (await fetch('/api/user/self', { headers: { 'New-Api-User': String(id) } })).json()).data;
  });

describe('OpenID Connect sign-in in the console, against a real oidc-provider on 127.0.0.1', () => {
  let product: RunningProduct;
  let provider: LocalOidcProvider;
  let inviteCode: string;
  const visitors: BrowserContext[] = [];
  const pageErrors: string[] = [];
  /** Every address a visitor's windows navigated to, redirects included. */
  let navigations: string[] = [];

  const newVisitor = async (width = 1280): Promise<Page> => {
    const context = await product.browser.newContext({ viewport: { width, height: 800 }, locale: 'zh-CN' });
    visitors.push(context);
    navigations = [];
    context.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(request.url());
    });
    context.on('page', (page) => page.on('pageerror', (error) => pageErrors.push(error.message)));
    return context.newPage();
  };

  beforeAll(async () => {
    product = await startProduct('oidc', { OUTBOUND_ALLOW_PRIVATE: 'oauth' });
    provider = new LocalOidcProvider(`${product.url}/oauth/oidc/callback`);
    await provider.start();
    await signInAsRoot(product);
    const options: Record<string, string> = {
      ServerAddress: product.url,
      OidcIssuer: provider.url,
      OidcClientId: provider.clientId,
      OidcClientSecret: provider.clientSecret,
      OidcDisplayName: '企业 SSO',
      OidcEnabled: 'true',
    };
    for (const [key, value] of Object.entries(options)) expectSuccess(await rootApi(product.page, 'PUT', '/api/option/', { key, value }));
    inviteCode = expectSuccess<string>(await rootApi(product.page, 'GET', '/api/user/aff'));
  });
  afterEach(async () => {
    await Promise.all(visitors.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await product?.stop();
    await provider?.stop();
    expect(pageErrors).toEqual([]);
  });

  it('the administrator sees the 配置 OIDC card with the callback address and a write-only secret', async () => {
    const page = product.page;
    await page.goto(`${product.url}/setting?tab=system`);
    const card = page.locator('.arco-card', { has: page.getByText('配置 OIDC', { exact: true }) });
    await card.getByText(`${product.url}/oauth/oidc/callback`, { exact: false }).waitFor();
    await expect(card.getByLabel('发行者 Issuer').inputValue()).resolves.toBe(provider.url);
    await expect(card.getByLabel('Client Secret').inputValue()).resolves.toBe('');
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: join(ARTIFACTS, 'oidc-0-settings-card.png') });
  });

  it('an invited newcomer signs in with the OIDC button, named by the username claim, then sees the binding', async () => {
    const page = await newVisitor();
    await page.goto(`${product.url}/register?aff=${inviteCode}`);
    await page.getByText('注册新账户').waitFor();
    await page.getByText('点击登录').click();
    await loginButton(page).waitFor();
    const button = page.getByRole('button', { name: '使用 企业 SSO 登录' });
    await button.waitFor();
    await shot(page, '1-login-page');

    provider.signInAs({ sub: 'e2e-sub-1', preferred_username: 'sso-alice', name: 'Alice SSO', email: 'alice@sso.test' });
    const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
    await popup.waitForURL(/\/data-market$/);
    await popup.getByText('登录成功！').first().waitFor();
    // The window went to the provider's authorization endpoint with PKCE and came back with code, state and iss.
    const hops = navigations.map((address) => new URL(address));
    const authorize = hops.find((url) => url.origin === provider.url && url.pathname === '/auth');
    expect(authorize?.searchParams.get('code_challenge_method'), navigations.join('\n')).toBe('S256');
    const callback = hops.find((url) => url.origin === product.url && url.pathname === '/oauth/oidc/callback');
    expect(callback?.searchParams.get('iss')).toBe(provider.url);
    await shot(popup, '2-signed-in');
    expect(await selfOf(popup)).toMatchObject({ username: 'sso-alice', oidc_id: 'e2e-sub-1', inviter_id: 1 });

    await popup.goto(`${product.url}/setting?tab=personal`);
    const row = popup.locator('.arco-list-item', { has: popup.getByText('企业 SSO', { exact: true }) });
    await row.getByText('e2e-sub-1', { exact: true }).waitFor();
    // The only way into this account: unbinding is refused, and the binding stays.
    await row.getByRole('button', { name: '解除绑定' }).click();
    await popup.getByText('确定解除 企业 SSO 绑定吗？').waitFor();
    await shot(popup, '3-unbind-confirm');
    await popup.getByRole('button', { name: /确\s*定/ }).click();
    await popup.getByText('请先绑定邮箱或其他登录方式后再解绑').first().waitFor();
    expect((await selfOf(popup)).oidc_id).toBe('e2e-sub-1');
    await popup.setViewportSize({ width: 390, height: 800 });
    await row.scrollIntoViewIfNeeded();
    await row.screenshot({ path: join(ARTIFACTS, 'oidc-3b-binding-row-phone.png') });
  });

  it('the OIDC button on a phone-wide login page', async () => {
    const page = await newVisitor(390);
    await page.goto(`${product.url}/login`);
    await loginButton(page).waitFor();
    await page.getByRole('button', { name: '使用 企业 SSO 登录' }).waitFor();
    await shot(page, '4-login-phone');
  });
});
