import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fakeApi, ok, type Reply } from '@/pages/channel/test-fake-api';
import AboutPage from './index';

/** DOMPurify does not work in happy-dom (see home-page.test.tsx): the sanitizer passes its input through. */
vi.mock('@/lib/sanitize', () => ({ sanitizeHtml: (html: string) => html }));

/** happy-dom's switches (as in the home page's tests): a frame only records its address, no request. */
const happyDom = (window as unknown as { happyDOM: { settings: { navigation: { disableChildFrameNavigation: boolean } } } }).happyDOM.settings;
happyDom.navigation.disableChildFrameNavigation = true;

function renderAbout(reply: Reply) {
  fakeApi({ 'GET /api/about': reply });
  return render(
    <MemoryRouter initialEntries={['/about']}>
      <AboutPage />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('about page', () => {
  it('renders the About option as Markdown, as the settings field says it may be written', async () => {
    renderAbout(ok('## 关于本站\n\n本站提供**统一**的模型接入。'));
    expect(await screen.findByRole('heading', { level: 2, name: '关于本站' })).toBeTruthy();
    expect(screen.getByText('统一').tagName).toBe('STRONG');
  });

  it('shows an About option that is one address in a frame', async () => {
    renderAbout(ok('https://about.example.com/team'));
    const frame = await screen.findByTitle('关于');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://about.example.com/team');
  });

  it('says so when there is no About content', async () => {
    renderAbout(ok(''));
    expect(await screen.findByText('管理员暂未设置关于内容')).toBeTruthy();
  });
});
