import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MockGitHub, MockLinuxDo, MockWeChatServer, type ProviderUser } from '../../packages/server/test/mock-oauth-providers';
import { MockSmtpServer } from '../../packages/server/test/mock-smtp-server';
import { ARTIFACTS, loginButton, type RunningProduct, signInAsRoot, startProduct, submitLogin } from './harness';

// Telegram's Login Widget is a script from telegram.org, which this machine cannot reach; its
// signed data is checked in packages/server/src/oauth/telegram.spec.ts and oauth.spec.ts.

/** The official account's QR code the operator uploads (here a small inline picture). */
const WECHAT_QR = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7"><path d="M0 0h3v3H0zM4 0h3v3H4zM0 4h3v3H0zM4 4h1v1H4zM6 6h1v1H6z"/></svg>')}`;
const EMAIL_USER = { username: 'mail-user', email: 'mail.user@example.com' };

/** A screenshot once the finite animations (the login page's fade-in, dialogs, toasts) have ended. */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState === 'finished' || animation.effect?.getTiming().iterations === Infinity));
  await page.screenshot({ path: join(ARTIFACTS, `sign-in-${name}.png`), fullPage: true });
}

/** A mail as the fake SMTP server parsed it. */
type Mail = { text?: string };
const codeOf = (mail: Mail) => /验证码为：([A-Z0-9]{6})/.exec(mail.text ?? '')![1];
const resetLinkOf = (mail: Mail) => /(https?:\/\/\S+\/user\/reset\?\S+)/.exec(mail.text ?? '')![1];

/** The signed-in user as the server sees them, asked from the page with its own session. */
const selfOf = (page: Page) =>
  page.evaluate(async () => {
    const id = JSON.parse(localStorage.getItem('user') ?? 'null')?.id;
    return (await (await fetch('/api/user/self', { headers: { 'New-Api-User': String(id) } })).json()).data;
  });

/** Signed in: the console shows /data-market (the page after a sign-in without a stored path). */
async function landed(page: Page): Promise<void> {
  await page.waitForURL(/\/data-market$/);
  await page.getByRole('heading', { name: '数据市场' }).waitFor();
}

/** A row of the personal tab's binding card. */
const bindingRow = (page: Page, name: string): Locator =>
  page.locator('.arco-list-item', { has: page.getByText(name, { exact: true }) });

describe('every sign-in button in the console works against a local fake of its provider', () => {
  const github = new MockGitHub();
  const linuxdo = new MockLinuxDo();
  const wechat = new MockWeChatServer();
  const smtp = new MockSmtpServer();
  let product: RunningProduct;
  /** Root's invitation code: InviteOnlyRegisterEnabled is on, as on a fresh install. */
  let inviteCode: string;
  /** The e-mail user's password: chosen at registration, then the one the reset generates. */
  let emailUserPassword = 'mail-pass-1';
  const visitors: BrowserContext[] = [];
  const pageErrors: string[] = [];
  /** Every address a visitor's windows navigated to, redirects included. */
  let navigations: string[] = [];

  /** A new browser (its own cookies and local storage), as a person arriving at the site. */
  const newVisitor = async (): Promise<Page> => {
    const context = await product.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN' });
    visitors.push(context);
    navigations = [];
    context.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(request.url());
    });
    context.on('page', (page) => page.on('pageerror', (error) => pageErrors.push(error.message)));
    return context.newPage();
  };

  /** The invitation link root shares: it keeps the code for whatever registration follows. */
  const openInvitation = async (page: Page) => {
    await page.goto(`${product.url}/register?aff=${inviteCode}`);
    await page.getByText('注册新账户').waitFor();
  };

  /**
   * Clicks a GitHub or LinuxDO button: the console opens the authorize address in a new window, the
   * fake provider signs `as` in and sends that window back to /oauth/{type}/callback, whose page
   * finishes the sign-in or binding and moves on.
   */
  const authorizeInPopup = async (page: Page, button: Locator, provider: MockGitHub | MockLinuxDo, as: ProviderUser, type: 'github' | 'linuxdo'): Promise<Page> => {
    provider.signInAs(as);
    const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
    await popup.waitForURL((url) => url.origin === product.url && !/^\/(api|oauth)\//.test(url.pathname));
    const authorizePath = type === 'github' ? '/login/oauth/authorize' : '/oauth2/authorize';
    const hops = navigations.map((address) => new URL(address));
    const authorize = hops.findIndex((url) => url.origin === provider.url && url.pathname === authorizePath);
    expect(authorize, navigations.join('\n')).toBeGreaterThanOrEqual(0);
    const callback = hops[authorize + 1];
    expect(`${callback.origin}${callback.pathname}`).toBe(`${product.url}/oauth/${type}/callback`);
    expect(callback.searchParams.get('state')).toBe(hops[authorize].searchParams.get('state'));
    expect(callback.searchParams.get('code')).toMatch(/^[0-9a-f]+$/);
    return popup;
  };

  /**
   * After a provider sign-in: the console lands on /data-market and the personal tab shows the new
   * user's name. Returns the user as the server sees them.
   */
  const expectSignedInAsNewcomer = async (page: Page, step: string) => {
    await landed(page);
    await page.getByText('登录成功！').first().waitFor();
    await shot(page, `${step}-signed-in`);
    const self = await selfOf(page);
    await page.goto(`${product.url}/setting?tab=personal`);
    await page.getByRole('heading', { name: self.display_name || self.username }).waitFor();
    await expect(page.getByText('普通用户').first().isVisible()).resolves.toBe(true);
    await shot(page, `${step}-personal`);
    return self;
  };

  beforeAll(async () => {
    await Promise.all([github.start(), linuxdo.start(), wechat.start(), smtp.start()]);
    product = await startProduct('sign-in', {
      GITHUB_OAUTH_BASE_URL: github.url,
      GITHUB_API_BASE_URL: github.url,
      LINUXDO_OAUTH_BASE_URL: linuxdo.url,
      OUTBOUND_ALLOW_PRIVATE: 'oauth',
    });
    await signInAsRoot(product);
    const options: Record<string, string> = {
      // The providers send the browser back to {ServerAddress}/oauth/{type}/callback; the reset link starts with it too.
      ServerAddress: product.url,
      GitHubClientId: github.clientId,
      GitHubClientSecret: github.clientSecret,
      GitHubOAuthEnabled: 'true',
      LinuxDOClientId: linuxdo.clientId,
      LinuxDOClientSecret: linuxdo.clientSecret,
      LinuxDOOAuthEnabled: 'true',
      WeChatServerAddress: wechat.url,
      WeChatServerToken: wechat.token,
      WeChatAccountQRCodeImageURL: WECHAT_QR,
      WeChatAuthEnabled: 'true',
      SMTPServer: '127.0.0.1',
      SMTPPort: String(smtp.port),
      SMTPAccount: 'mailer@example.com',
      SMTPToken: 'smtp-password',
      SMTPFrom: 'noreply@example.com',
      EmailVerificationEnabled: 'true',
    };
    const replies = await product.page.evaluate(async (options) => {
      const results: { key: string; success: boolean }[] = [];
      for (const [key, value] of Object.entries(options)) {
        const reply = await fetch('/api/option/', {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', 'New-Api-User': '1' },
          body: JSON.stringify({ key, value }),
        });
        results.push({ key, success: (await reply.json()).success });
      }
      return results;
    }, options);
    expect(replies.filter((reply) => !reply.success)).toEqual([]);
    inviteCode = await product.page.evaluate(async () => (await (await fetch('/api/user/aff', { headers: { 'New-Api-User': '1' } })).json()).data);
    expect(inviteCode).toMatch(/^\w+$/);
  });
  afterEach(async () => {
    await Promise.all(visitors.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await product?.stop();
    await Promise.all([github.stop(), linuxdo.stop(), wechat.stop(), smtp.stop()]);
    expect(pageErrors).toEqual([]);
  });

  it('GitHub: an invited newcomer signs in from the login page and gets an account', async () => {
    const page = await newVisitor();
    await openInvitation(page);
    await page.getByText('点击登录').click();
    await loginButton(page).waitFor();
    const button = page.getByRole('button', { name: '使用 GitHub 登录' });
    // The buttons follow the status object, which a new browser fetches after the page shows.
    await button.waitFor();
    await shot(page, '1-github-login-page');

    const octo: ProviderUser = { id: 5001, username: 'octo', name: 'Octo Cat' };
    const popup = await authorizeInPopup(page, button, github, octo, 'github');
    expect(await expectSignedInAsNewcomer(popup, '1-github')).toMatchObject({ github_id: '5001', display_name: 'Octo Cat', inviter_id: 1 });
  });

  it('LinuxDO: an invited newcomer signs in from the registration page and gets an account', async () => {
    const page = await newVisitor();
    await openInvitation(page);
    const button = page.getByRole('button', { name: '使用 LinuxDO 登录' });
    // The buttons follow the status object, which a new browser fetches after the page shows.
    await button.waitFor();
    await shot(page, '2-linuxdo-register-page');

    const popup = await authorizeInPopup(page, button, linuxdo, { id: 6001, username: 'tux', name: 'Tux Penguin', trust_level: 1 }, 'linuxdo');
    expect(await expectSignedInAsNewcomer(popup, '2-linuxdo')).toMatchObject({ linux_do_id: '6001', display_name: 'Tux Penguin', inviter_id: 1 });
  });

  it('WeChat: an invited newcomer enters the code from the official account in the QR dialog', async () => {
    const page = await newVisitor();
    await openInvitation(page);
    await page.getByText('点击登录').click();
    await loginButton(page).waitFor();
    await page.getByRole('button', { name: '使用微信登录' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('微信扫码关注公众号，输入「验证码」获取验证码（三分钟内有效）').waitFor();
    const qr = dialog.getByAltText('微信公众号二维码');
    await qr.waitFor();
    await expect(qr.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth))).resolves.toBeGreaterThan(0);
    await dialog.getByPlaceholder('验证码').fill(wechat.codeFor('openid-wx-e2e'));
    await shot(page, '3-wechat-dialog');
    await dialog.getByRole('button', { name: /登\s*录/ }).click();

    expect(await expectSignedInAsNewcomer(page, '3-wechat')).toMatchObject({ wechat_id: 'openid-wx-e2e', inviter_id: 1 });
  });

  it('e-mail: registers with the code from the mail, then signs in', async () => {
    const page = await newVisitor();
    await openInvitation(page);
    await page.getByPlaceholder('用户名').fill(EMAIL_USER.username);
    await page.getByPlaceholder('输入密码，最短 8 位，最长 20 位').fill(emailUserPassword);
    await page.getByPlaceholder('再次输入密码').fill(emailUserPassword);
    await page.getByPlaceholder('输入邮箱地址').fill(EMAIL_USER.email);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码发送成功，请检查你的邮箱！').first().waitFor();
    await page.getByRole('button', { name: /重新发送 \(\d+\)/ }).waitFor();

    const [mail] = await smtp.waitFor(EMAIL_USER.email);
    expect(mail.from?.value[0].address).toBe('noreply@example.com');
    await page.getByPlaceholder('输入验证码').fill(codeOf(mail));
    await shot(page, '4-email-register-form');
    await page.getByRole('button', { name: /注\s*册/ }).click();
    await page.getByText('注册成功！').first().waitFor();
    await page.waitForURL(/\/login$/);

    await submitLogin(page, EMAIL_USER.username, emailUserPassword);
    await landed(page);
    expect(await selfOf(page)).toMatchObject({ username: EMAIL_USER.username, email: EMAIL_USER.email, inviter_id: 1 });
    await shot(page, '4-email-signed-in');
  });

  it('password reset: the mailed link shows a new password that signs in', async () => {
    const page = await newVisitor();
    await page.goto(`${product.url}/login`);
    await page.getByText('忘记密码').click();
    await page.getByPlaceholder('输入注册时使用的邮箱地址').fill(EMAIL_USER.email);
    await page.getByRole('button', { name: '发送重置邮件' }).click();
    await page.getByText('重置邮件发送成功，请检查邮箱！').first().waitFor();
    await page.getByRole('button', { name: /重试 \(\d+\)/ }).waitFor();
    await shot(page, '5-reset-requested');

    // The verification code was the first mail to this address; the reset link leaves after the reply.
    const mails = await smtp.waitFor(EMAIL_USER.email, 2);
    const link = resetLinkOf(mails[1]);
    expect(link.startsWith(`${product.url}/user/reset?`)).toBe(true);
    await page.goto(link);
    await page.getByRole('button', { name: '确认重置密码' }).click();
    const shown = page.locator('.arco-form-item', { hasText: '新密码' }).locator('input');
    await shown.waitFor();
    await page.getByRole('button', { name: '密码已重置' }).waitFor();
    const password = await shown.inputValue();
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    await shot(page, '5-reset-new-password');

    await page.goto(`${product.url}/login`);
    await submitLogin(page, EMAIL_USER.username, emailUserPassword);
    await page.getByText('用户名或密码错误，或用户已被封禁').first().waitFor();
    await submitLogin(page, EMAIL_USER.username, password);
    await landed(page);
    expect(await selfOf(page)).toMatchObject({ username: EMAIL_USER.username });
    emailUserPassword = password;
  });

  it('binding: a signed-in user binds GitHub on the personal tab and sees it bound', async () => {
    const page = await newVisitor();
    await page.goto(`${product.url}/login`);
    await submitLogin(page, EMAIL_USER.username, emailUserPassword);
    await landed(page);
    await page.goto(`${product.url}/setting?tab=personal`);
    const row = bindingRow(page, 'GitHub');
    await row.getByText('未绑定').waitFor();
    await shot(page, '6-bind-before');

    const popup = await authorizeInPopup(page, row.getByRole('button', { name: '绑定GitHub' }), github, { id: 5002, username: 'hubber', name: 'Hub Ber' }, 'github');
    await popup.getByText('绑定成功！').first().waitFor();
    await popup.waitForURL(/\/setting$/);
    await bindingRow(popup, 'GitHub').getByText('5002', { exact: true }).waitFor();
    await bindingRow(popup, 'GitHub').getByRole('button', { name: '修改GitHub绑定' }).waitFor();
    await shot(popup, '6-bind-after');
    expect(await selfOf(popup)).toMatchObject({ username: EMAIL_USER.username, github_id: '5002' });
  });
});
