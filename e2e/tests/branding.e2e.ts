import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProduct, startProduct, signInAsRoot } from './harness';

const HOSTILE = '<b id="bold-footer">页脚文字</b><img src="x" onerror="window.__xss = 1"><script>window.__xss = 2</script>';

describe('admin-edited HTML is sanitized before rendering', () => {
  let product: RunningProduct;
  beforeAll(async () => {
    product = await startProduct('branding');
  });
  afterAll(async () => {
    await product?.stop();
  });

  it('renders the footer and notice markup without running their scripts', async () => {
    await signInAsRoot(product);
    const { page, url } = product;

    const saved = await page.evaluate(async (value) => {
      const save = (key: string) =>
        fetch('/api/option/', {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', 'New-Api-User': '1' },
          body: JSON.stringify({ key, value }),
        }).then((reply) => reply.json());
      return [await save('Footer'), await save('Notice')];
    }, HOSTILE);
    expect(saved.map((reply: { success: boolean }) => reply.success)).toEqual([true, true]);

    await page.goto(`${url}/update`);
    await page.locator('#bold-footer').first().waitFor();
    await product.screenshot('footer-and-notice');
    expect(await page.locator('#bold-footer').first().textContent()).toBe('页脚文字');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('img[onerror]').count()).toBe(0);
    expect(await page.locator('body script:not([src])').count()).toBe(0);
  });
});
