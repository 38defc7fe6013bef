import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, chromium, type Page } from 'playwright-core';

/**
 * The formatter of dataset text (packages/web/src/components/formatted-text) in real Chromium:
 * DOMPurify does not run under happy-dom, so what the sanitizer removes is checked here. The module
 * is bundled as it is (Vite, the console's own bundler) and called in a blank page; no server needed.
 */
const WEB = join(resolve(dirname(fileURLToPath(import.meta.url)), '../..'), 'packages/web');

interface Inspected {
  html: string;
  text: string;
  /** Every attribute of every element, as "tag attr=value". */
  attributes: string[];
  tags: string[];
}

let browser: Browser;
let page: Page;

beforeAll(async () => {
  const vite = (await import(pathToFileURL(join(WEB, 'node_modules/vite/dist/node/index.js')).href)) as typeof import('vite');
  const output = await vite.build({
    root: WEB,
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { '@': join(WEB, 'src') } },
    build: {
      write: false,
      minify: false,
      lib: { entry: join(WEB, 'src/components/formatted-text/format-text.ts'), formats: ['iife'], name: 'FormattedText' },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  const chunk = results.flatMap((result) => ('output' in result ? result.output : [])).find((item) => item.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('the formatter did not bundle');
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: chunk.code });
  await page.evaluate(() => {
    (window as unknown as { alerted: boolean }).alerted = false;
    window.alert = () => {
      (window as unknown as { alerted: boolean }).alerted = true;
    };
  });
});

afterAll(async () => {
  await browser?.close();
});

/** Formats the text in the page, puts the result into the document as the console does, and reads it back. */
function format(text: string): Promise<Inspected> {
  return page.evaluate((input) => {
    const html = (window as unknown as { FormattedText: { formatText: (text: string) => string } }).FormattedText.formatText(input);
    const box = document.createElement('div');
    box.innerHTML = html;
    document.body.replaceChildren(box);
    const elements = [...box.querySelectorAll('*')];
    return {
      html,
      text: box.textContent ?? '',
      attributes: elements.flatMap((element) => [...element.attributes].map((attribute) => `${element.tagName.toLowerCase()} ${attribute.name}=${attribute.value}`)),
      tags: [...new Set(elements.map((element) => element.tagName.toLowerCase()))],
    };
  }, text);
}

const alerted = () => page.evaluate(() => (window as unknown as { alerted: boolean }).alerted);

/** Nothing in the rendered DOM can run or navigate to script (the text may show such markup as characters). */
function expectInert(result: Inspected) {
  expect(result.tags).not.toContain('script');
  expect(result.tags).not.toContain('style');
  expect(result.tags).not.toContain('iframe');
  for (const attribute of result.attributes) {
    expect(attribute).not.toMatch(/^\S+ on/i);
    expect(attribute.replace(/\s/g, '').toLowerCase()).not.toContain('javascript:');
  }
}

describe('formatText in Chromium', () => {
  it.each([
    ['an image with onerror', '<img src=x onerror=alert(1)>'],
    ['a script element', '<script>alert(1)</script>正文'],
    ['a javascript: markdown link', '[x](javascript:alert(1))'],
    ['a javascript: html link', '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ['an svg with onload', '<svg onload=alert(1)><circle r="4"/></svg>'],
    ['an svg with a javascript: link', '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>'],
    ['a style element', '<style>body{display:none}</style>文字'],
    ['an iframe', '<iframe src="javascript:alert(1)"></iframe>'],
    ['a form', '<form action="javascript:alert(1)"><button>提交</button></form>'],
    ['MathML with an href', '<math><mi href="javascript:alert(1)">x</mi></math>'],
    ['a formula inside image alt text', '![$x$](javascript:alert(1) "t")'],
  ])('makes %s inert', async (_name, input) => {
    const result = await format(input);
    expectInert(result);
    expect(result.tags).not.toContain('form');
    expect(await alerted()).toBe(false);
  });

  it('shows HTML written in a record as its characters, and renders markdown around it', async () => {
    const result = await format('代码 <div class="x">**粗体**</div> 与 <img src=x onerror=alert(1)>');
    expect(result.text).toContain('<div class="x">');
    expect(result.text).toContain('<img src=x onerror=alert(1)>');
    expect(result.tags).not.toContain('div');
    expect(result.tags).not.toContain('img');
    expectInert(result);
  });

  it.each([
    ['\\href', '$\\href{javascript:alert(1)}{点我}$'],
    ['\\url', '$$\\url{javascript:alert(1)}$$'],
    ['\\htmlStyle', '$\\htmlStyle{position:fixed;inset:0}{x}$'],
    ['\\includegraphics', '$\\includegraphics{javascript:alert(1)}$'],
  ])('keeps a formula with %s untrusted: no link, no element, only its source as text', async (_name, input) => {
    const result = await format(input);
    expectInert(result);
    expect(result.tags).not.toContain('a');
    expect(result.tags).not.toContain('img');
    expect(result.attributes.filter((attribute) => /position|inset/.test(attribute))).toEqual([]);
    expect(await alerted()).toBe(false);
  });

  it('keeps the sizing styles of KaTeX and drops styles written in the text', async () => {
    const result = await format('$\\frac{a}{b}$ <span style="position:fixed;inset:0">遮罩</span> <b style="background:url(https://evil.example/x)">b</b>');
    expect(result.attributes.some((attribute) => /^span style=height:/.test(attribute))).toBe(true);
    expect(result.attributes.filter((attribute) => /position|url\(/.test(attribute))).toEqual([]);
    expect(result.text).toContain('遮罩');
  });

  it('keeps what KaTeX writes: MathML with its TeX annotation, and the SVG of a square root', async () => {
    const result = await format('根号 $\\sqrt{x^2+1}$ 与\n$$\\frac{1}{2}$$');
    expect(result.tags).toEqual(expect.arrayContaining(['math', 'semantics', 'annotation', 'svg', 'path', 'br']));
    expect(result.text).toContain('x^2+1');
  });

  it('renders a GitHub table and shows a script element beside it as text', async () => {
    const result = await format('前<script>alert(1)</script>后\n\n| a | b |\n| - | - |\n| 1 | 2 |');
    expect(result.tags).toEqual(expect.arrayContaining(['table', 'th', 'td']));
    expect(result.tags).not.toContain('script');
    expect(result.text).toContain('前<script>alert(1)</script>后');
    expect(await alerted()).toBe(false);
  });
});
