import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProduct, startProduct, submitRootLogin } from './harness';

/** The screens an administrator walks through; each must render under the Content-Security-Policy. */
const SCREENS = ['/channel', '/channel/add', '/token', '/log', '/model-manage', '/model-check', '/pricing', '/playground', '/setting', '/update', '/about'];

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

describe('the console works under its Content-Security-Policy', () => {
  let product: RunningProduct;
  const consoleViolations: string[] = [];
  const violations = async () => [...consoleViolations, ...(await product.page.evaluate(() => window.__cspViolations))];

  beforeAll(async () => {
    product = await startProduct('security-headers');
    // Before any page script: every blocked load or inline script is recorded.
    await product.page.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
      });
    });
    product.page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
    });
  });
  afterAll(async () => {
    await product?.stop();
  });

  it('sends the policy with the page', async () => {
    const reply = await product.page.goto(`${product.url}/entry`);
    const headers = reply!.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('records a violation when one happens (the check below can fail)', async () => {
    const { page } = product;
    await page.goto(`${product.url}/entry`);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.appendChild(script);
    });
    await page.waitForFunction(() => window.__cspViolations.length > 0);
    expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
    expect((await violations()).join('\n')).toContain('script-src');
    consoleViolations.length = 0;
  });

  it('signs in, walks the main screens and signs out without a single violation', async () => {
    const { page, url } = product;
    await page.goto(`${url}/login`);
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
    await submitRootLogin(page);

    for (const screen of SCREENS) {
      await page.goto(`${url}${screen}`);
      await page.waitForLoadState('networkidle');
      await product.screenshot(`screen${screen.replace(/\//g, '-')}`);
      expect(await violations(), screen).toEqual([]);
    }

    // Logout is a POST from the avatar menu; the server session is gone afterwards.
    await page.locator('.arco-avatar').first().click();
    await page.getByText('退出登录').click();
    await page.waitForURL(/\/entry/);
    const self = await page.evaluate(() => fetch('/api/user/self', { headers: { 'New-Api-User': '1' } }).then((reply) => reply.status));
    expect(self).toBe(401);
    expect(await violations()).toEqual([]);
  });
});
