import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fail, fakeApi, ok, type Reply } from '@/pages/channel/test-fake-api';
import { captureMessages } from '@/pages/channel/test-page';
import { sanitizeHtml } from '@/lib/sanitize';
import { frameAddress } from '@/components/admin-content';
import HomePage from './index';

/**
 * DOMPurify does not work in happy-dom (cure53/DOMPurify#1457; see formatted-text's tests), so the
 * sanitizer is replaced by a stand-in that removes what DOMPurify removes here: scripts, event
 * handlers and javascript: addresses. What the tests check is that the page shows the sanitizer's
 * output, and only that, for HTML that still had all three when it reached the sanitizer.
 */
vi.mock('@/lib/sanitize', () => ({
  sanitizeHtml: vi.fn((html: string) => {
    const template = document.createElement('template');
    template.innerHTML = html;
    template.content.querySelectorAll('script').forEach((script) => script.remove());
    for (const element of template.content.querySelectorAll('*')) {
      for (const { name, value } of [...element.attributes]) {
        if (name.startsWith('on') || /^\s*javascript:/i.test(value)) element.removeAttribute(name);
      }
    }
    return template.innerHTML;
  }),
}));

const CONTENT = 'GET /api/home_page_content';

/** happy-dom's switches (as in the chat page's tests): a frame only records its address, no request. */
interface HappyDomSettings {
  enableIframePageLoading: boolean;
  disableIframePageLoading: boolean;
  navigation: { disableChildFrameNavigation: boolean };
}
const happyDom = (window as unknown as { happyDOM: { settings: HappyDomSettings } }).happyDOM.settings;
Object.assign(happyDom, { enableIframePageLoading: true, disableIframePageLoading: false });
happyDom.navigation.disableChildFrameNavigation = true;

function renderHome(reply: Reply) {
  const calls = fakeApi({ [CONTENT]: reply });
  const view = render(
    <MemoryRouter initialEntries={['/home']}>
      <HomePage />
    </MemoryRouter>,
  );
  return { calls, container: view.container };
}

let messages: HTMLElement;

beforeEach(() => {
  messages = captureMessages();
});

afterEach(() => {
  vi.mocked(sanitizeHtml).mockClear();
  vi.unstubAllGlobals();
  messages.remove();
});

describe('home page', () => {
  it('shows a content that is one address in a full-height frame, and nothing of the landing page', async () => {
    const { calls } = renderHome(ok('  https://home.example.com/welcome?lang=zh \n'));
    const frame = await screen.findByTitle('首页');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://home.example.com/welcome?lang=zh');
    expect(frame.className).toBe('admin-content-frame');
    expect(screen.queryByRole('heading', { name: '一个接口，接入众多大模型' })).toBeNull();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([CONTENT]);
  });

  it('renders Markdown and HTML content, without its scripts and event handlers', async () => {
    const content = [
      '# 欢迎使用',
      '',
      '支持 **加粗** 与 [链接](https://example.com)。',
      '',
      '<div class="banner"><img src="/x.png" alt="横幅" onerror="window.hacked = 1"></div>',
      '<script>window.hacked = 2</script>',
      '<a href="javascript:alert(1)">点我</a>',
    ].join('\n');
    const { container } = renderHome(ok(content));
    expect(await screen.findByRole('heading', { level: 1, name: '欢迎使用' })).toBeTruthy();
    // The admin's HTML reached the sanitizer as written, next to the rendered Markdown.
    const sanitized = vi.mocked(sanitizeHtml).mock.calls.map(([html]) => html).join('');
    expect(sanitized).toContain('<h1>欢迎使用</h1>');
    expect(sanitized).toContain('<script>');
    expect(sanitized).toContain('onerror=');
    expect(screen.getByText('加粗').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: '链接' }).getAttribute('href')).toBe('https://example.com');
    const image = screen.getByAltText('横幅');
    expect(image.closest('.banner')).toBeTruthy();
    expect(image.hasAttribute('onerror')).toBe(false);
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toContain('window.hacked');
    expect(screen.getByText('点我').getAttribute('href')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('shows an address inside other text as a page, not a frame', async () => {
    const { container } = renderHome(ok('欢迎访问 https://home.example.com'));
    expect((await screen.findByRole('link', { name: 'https://home.example.com' })).closest('p')?.textContent).toBe('欢迎访问 https://home.example.com');
    expect(container.querySelector('iframe')).toBeNull();
  });

  it.each([
    ['empty', ok('')],
    ['blank', ok(' \n ')],
  ])('shows the landing page when the content is %s', async (_, reply) => {
    renderHome(reply);
    expect(await screen.findByRole('heading', { level: 1, name: '一个接口，接入众多大模型' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '核心能力' })).toBeTruthy();
    // Inside the console shell: the landing page without the entry site's own top bar.
    expect(screen.queryByRole('navigation', { name: '站点导航' })).toBeNull();
  });

  it('shows the landing page, after the error message, when the content cannot be read', async () => {
    renderHome(fail('数据库不可用'));
    expect(await within(messages).findByText('数据库不可用')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: '一个接口，接入众多大模型' })).toBeTruthy();
  });
});

describe(frameAddress.name, () => {
  it.each([
    ['https://home.example.com', 'https://home.example.com'],
    ['http://intranet.local:8080/home', 'http://intranet.local:8080/home'],
    ['\thttps://a.example/x\n', 'https://a.example/x'],
  ])('takes %j as the address %s', (content, address) => {
    expect(frameAddress(content)).toBe(address);
  });

  it.each(['', '# 标题', 'https://a.example\nhttps://b.example', 'see https://a.example', 'javascript:alert(1)', 'ftp://files.example', '//cdn.example/page'])(
    'does not take %j as an address',
    (content) => {
      expect(frameAddress(content)).toBeNull();
    },
  );
});
