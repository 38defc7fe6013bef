import type { Page, Request } from 'playwright-core';
import { CHANNEL_TYPES } from '../../packages/shared/src/channel-types';

/**
 * What every-route.e2e.ts checks on each page it opens: that it settled, what failed or broke the
 * CSP while it loaded, English a user would read, and whether it is wider than the window.
 */

/** How long the network must stay quiet before a page counts as settled (pages fetch in steps: the page's code, then its data). */
const QUIET_MS = 250;
const SETTLE_TIMEOUT_MS = 15_000;

/** A page that is still loading: a spinner standing alone (the lazy page's fallback), or one laid over content. */
const isLoading = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.arco-spin-loading, .arco-spin:not(:has(> .arco-spin-children))')].some((spin) => spin.checkVisibility()),
  );

/** What the page reports of a CSP violation (a `securitypolicyviolation` event), as one line. */
const CSP_REPORTER = '__reportCspViolation';

/**
 * Watches one browser page: the requests in flight (to know when it settled), and the failed
 * requests, console errors and CSP violations of the current visit. A request belongs to the visit
 * during which it started: what an earlier visit left unfinished when the browser moved on is not
 * this visit's. Create it with `PageWatch.start`.
 */
export class PageWatch {
  private readonly inflight = new Set<Request>();
  private readonly visitOf = new WeakMap<Request, number>();
  private lastActivity = Date.now();
  private visit = 0;
  /** "GET /api/x: 404" or "GET /api/x: net::ERR_…", for the current visit. */
  failures: string[] = [];
  errors: string[] = [];

  /**
   * Watches `page` from its next navigation. Every CSP violation of the console's own documents is
   * an error, whatever the directive (the policy is in packages/server/src/common/security-headers.ts);
   * a framed page's own policy is that page's business.
   */
  static async start(page: Page): Promise<PageWatch> {
    const watch = new PageWatch(page);
    await page.exposeBinding(CSP_REPORTER, ({ frame }, violation: string) => {
      if (frame === page.mainFrame()) watch.errors.push(`CSP violation: ${violation}`);
    });
    await page.addInitScript((reporter) => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
        (window as unknown as Record<string, (violation: string) => void>)[reporter](`${event.effectiveDirective} blocked ${event.blockedURI}${where}`);
      });
    }, CSP_REPORTER);
    return watch;
  }

  private constructor(private readonly page: Page) {
    page.on('request', (request) => {
      this.visitOf.set(request, this.visit);
      // A stream that stays open (server-sent events) is not a page still loading.
      if (request.resourceType() !== 'eventsource') this.inflight.add(request);
      this.lastActivity = Date.now();
    });
    page.on('requestfinished', (request) => this.done(request));
    page.on('requestfailed', (request) => {
      this.done(request);
      const error = request.failure()?.errorText;
      // ERR_ABORTED is the page's own cancellation (an aborted fetch, an image element replaced while
      // it loaded), not a failure of the server or the network.
      if (this.visitOf.get(request) === this.visit && error !== 'net::ERR_ABORTED') this.failures.push(`${request.method()} ${this.pathOf(request.url())}: ${error}`);
    });
    page.on('response', (response) => {
      if (response.status() >= 400 && this.visitOf.get(response.request()) === this.visit) {
        this.failures.push(`${response.request().method()} ${this.pathOf(response.url())}: ${response.status()}`);
      }
    });
    page.on('console', (message) => {
      // Chromium logs each failed response too; those are judged as failures, against the expected ones.
      // It logs each CSP violation as well, which the page reports itself, with what was blocked.
      const text = message.text();
      if (message.type() === 'error' && !text.startsWith('Failed to load resource') && !text.includes('Content Security Policy')) this.errors.push(`console error: ${text}`);
    });
    page.on('pageerror', (error) => this.errors.push(`page error: ${error.message}`));
  }

  private done(request: Request): void {
    this.inflight.delete(request);
    this.lastActivity = Date.now();
  }

  /** The path of a same-origin address, the whole address otherwise. */
  private pathOf(url: string): string {
    const parsed = new URL(url);
    return parsed.origin === new URL(this.page.url()).origin ? parsed.pathname + parsed.search : url;
  }

  /** Starts a new visit: the failures and errors from now on are its own. */
  begin(): void {
    this.visit += 1;
    this.failures = [];
    this.errors = [];
  }

  /** Waits until no request has been in flight for QUIET_MS and no spinner shows. */
  async settle(): Promise<void> {
    const started = Date.now();
    for (;;) {
      const quiet = () => this.inflight.size === 0 && Date.now() - this.lastActivity >= QUIET_MS;
      if (quiet() && !(await isLoading(this.page)) && quiet()) return;
      if (Date.now() - started > SETTLE_TIMEOUT_MS) {
        const pending = [...this.inflight].map((request) => request.url());
        throw new Error(`${this.page.url()} did not settle in ${SETTLE_TIMEOUT_MS} ms; in flight: ${pending.join(', ') || 'nothing (a spinner shows)'}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

const wordsOf = (names: string[]) => names.flatMap((name) => name.split(/\s+/));

/**
 * English words that may show in the Chinese console. Words of 2–6 capitals (API, URL, JSON, SMTP)
 * and anything with a digit, '-', '_', '.', '/', '+' or ':' (model names, keys, addresses, versions,
 * Shift+Enter) are names, not words, and pass anyway.
 */
const ALLOWED_WORDS = new Set([
  // Brand and product names: the channel types the product offers (spec 1 §3), the sign-in providers (spec 1 §2.7).
  ...wordsOf(CHANNEL_TYPES.map((type) => type.name)),
  'GitHub',
  'Telegram',
  'LinuxDO',
  // Units: the usage unit as Chinese AI consoles write it ("Token 数", "$2 / 1M tokens"), milliseconds.
  'Token',
  'Tokens',
  'tokens',
  'ms',
  // The key's name on the keyboard ("Enter 发送").
  'Enter',
  // Data, not interface: the built-in user group, the first account, and a shipped sample dataset
  // called "Python 与 SQL 编程小题".
  'default',
  'root',
  'Python',
]);
/** Names of more than one word: the workflow canvas library's attribution link. */
const ALLOWED_PHRASES = ['React Flow'];

/**
 * Text that is not the interface's: code and formulas, and data shown as stored, in whatever
 * language it was written: dataset records (field names and values), a workflow run's questions
 * and answers, model answers in the compare chat, the browser and OS of a signed-in device.
 */
const NOT_INTERFACE = ['script', 'style', 'noscript', 'code', 'pre', '.katex', '.sample-table', '.run-text', '.compare-answer-text', '.user-agent-text'].join(', ');

/** The English words of a text that a user would read as untranslated. */
export function englishWords(text: string): string[] {
  return ALLOWED_PHRASES.reduce((rest, phrase) => rest.replaceAll(phrase, ' '), text)
    .split(/[\s\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]+/)
    .map((chunk) => chunk.replace(/^[("'“‘[{<]+|[)"'”’\]}>,.;!?…]+$/g, ''))
    .filter((chunk) => /^[A-Za-z]{2,}$/.test(chunk) && !/^[A-Z]{2,6}$/.test(chunk) && !ALLOWED_WORDS.has(chunk));
}

/** The text a user can see on the page: visible text nodes (whole page, not only the window) and the placeholders of empty fields. */
const visibleTexts = (page: Page) =>
  page.evaluate((notInterface) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!/[A-Za-z]{2}/.test(text) || !parent || parent.closest(notInterface)) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some((rect) => rect.width > 0 && rect.height > 0)) texts.push(text);
    }
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
      if (!field.value && field.checkVisibility({ opacityProperty: true, visibilityProperty: true })) texts.push(field.placeholder);
    }
    return texts;
  }, NOT_INTERFACE);

/** Each untranslated word with the text it is in, once. */
export async function untranslatedWords(page: Page): Promise<string[]> {
  const found = (await visibleTexts(page)).flatMap((text) => englishWords(text).map((word) => `${word} (in “${text.slice(0, 60)}”)`));
  return [...new Set(found)];
}

/** How many pixels the page is wider than the window (it scrolls sideways when above 0). */
export const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
