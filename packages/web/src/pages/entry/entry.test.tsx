import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { articles } from './articles';
import EntryPage from './index';
import EntryNewsPage from './news';
import { useStatusStore } from '@/stores/status';

function renderAt(...initialEntries: string[]) {
  return render(
    <MemoryRouter initialEntries={initialEntries} initialIndex={initialEntries.length - 1}>
      <Routes>
        <Route path="/entry" element={<EntryPage />} />
        <Route path="/entryNews/:id" element={<EntryNewsPage />} />
        <Route path="/login" element={<p>login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** `text` as a literal inside a RegExp (titles contain no special characters today, but may). */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function articleHeading() {
  return screen.getByRole('heading', { level: 1 });
}

let scrollTo: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  scrollTo.mockRestore();
});

/** The titles of articles 1 to 9: AI data and corpora, public-data sharing, synthetic data, data exhaustion. */
const EXPECTED_TITLES = [
  '高质量训练语料，为何决定大模型的上限',
  '中文语料的构建与清洗：去重、过滤与标注',
  '多模态数据集：图文对如何教会模型“看图说话”',
  '读懂公共数据共享与开放规定：通常会确立哪些制度',
  '合成数据：常见生成方法与它带来的价值',
  '合成数据的风险：模型坍塌、偏差放大与真实数据校验',
  '“数据枯竭”之忧：高质量公开文本会被用完吗',
  '训练数据的合规与授权：团队需要关注什么',
  '从精选数据集起步：数据市场如何帮助团队',
];

describe('articles', () => {
  it('are nine, with ids 1 to 9, ISO dates, images and several paragraphs', () => {
    expect(articles.map((article) => article.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const article of articles) {
      expect(article.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(article.image).toBeTruthy();
      expect(article.imageAlt).toBeTruthy();
      expect(article.summary).toBeTruthy();
      expect(article.body.length).toBeGreaterThanOrEqual(4);
      expect(article.body.length).toBeLessThanOrEqual(6);
    }
  });

  it('are on AI data and corpora topics, in this order', () => {
    expect(articles.map((article) => article.title)).toEqual(EXPECTED_TITLES);
  });
});

describe(EntryPage.name, () => {
  it('lists the nine articles, each linking to its news page', () => {
    renderAt('/entry');

    const news = screen.getByRole('region', { name: '数据资讯' });
    const links = within(news).getAllByRole('link');
    expect(links).toHaveLength(9);
    expect(links.map((link) => link.getAttribute('href')).sort()).toEqual(
      articles.map((article) => `/entryNews/${article.id}`).sort(),
    );
    for (const title of EXPECTED_TITLES) {
      expect(within(news).getByRole('heading', { level: 3, name: title })).toBeTruthy();
    }
    for (const article of articles) {
      const link = within(news).getByRole('link', { name: new RegExp(escapeRegExp(article.title)) });
      expect(link.getAttribute('href')).toBe(`/entryNews/${article.id}`);
      expect(link.textContent).toContain(article.date);
    }
  });

  it('links to the login page and says sign-in is by invitation', () => {
    useStatusStore.setState({ status: { register_enabled: true, invite_only_register: true } });
    renderAt('/entry');

    const loginHrefs = screen
      .getAllByRole('link', { name: /登录/ })
      .map((link) => link.getAttribute('href'));
    expect(loginHrefs.length).toBeGreaterThan(0);
    expect(new Set(loginHrefs)).toEqual(new Set(['/login']));
    expect(screen.getByText('平台采用邀请制，凭邀请码注册后即可登录。')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '邀请制开通' })).toBeTruthy();
  });

  it('promises no invitation when the administrator opened registration, nor sign-up when it is closed', () => {
    useStatusStore.setState({ status: { register_enabled: true, invite_only_register: false } });
    const open = renderAt('/entry');
    expect(screen.getByText('新用户可直接注册，注册后即可登录。')).toBeTruthy();
    expect(screen.queryByText(/邀请制/)).toBeNull();
    open.unmount();

    useStatusStore.setState({ status: { register_enabled: false, invite_only_register: false } });
    renderAt('/entry');
    expect(screen.getByText('平台暂不开放注册，已有账号请直接登录。')).toBeTruthy();
    expect(screen.queryByText(/邀请制/)).toBeNull();
  });

  it('opens an article when its card is clicked', () => {
    renderAt('/entry');

    fireEvent.click(screen.getByRole('link', { name: new RegExp(escapeRegExp(articles[4].title)) }));


    expect(articleHeading().textContent).toBe('合成数据：常见生成方法与它带来的价值');
  });
});

describe(EntryNewsPage.name, () => {
  it("renders article 3's title, date line, image and paragraphs", () => {
    const article = articles[2];
    const { container } = renderAt('/entryNews/3');

    expect(articleHeading().textContent).toBe('多模态数据集：图文对如何教会模型“看图说话”');
    expect(article.title).toBe(EXPECTED_TITLES[2]);
    const date = container.querySelector(`time[datetime="${article.date}"]`);
    expect(date?.parentElement?.textContent).toBe(`发布于 ${article.date}`);
    expect(screen.getByRole('img', { name: article.imageAlt }).getAttribute('src')).toBe(article.image);
    expect(screen.getByText(article.body[0])).toBeTruthy();
    expect(screen.getByText(article.body[article.body.length - 1])).toBeTruthy();
  });

  it.each(['10', '0', 'abc', '03'])('shows a not-found message for the unknown id %s', (id) => {
    renderAt(`/entryNews/${id}`);

    expect(screen.getByText('文章不存在')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/entry');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('scrolls to the top on arrival and when the id changes', () => {
    renderAt('/entryNews/3');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();

    fireEvent.click(screen.getByRole('link', { name: /下一篇/ }));

    expect(articleHeading().textContent).toBe('读懂公共数据共享与开放规定：通常会确立哪些制度');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('offers only the links that exist: no previous article before the first', () => {
    renderAt('/entryNews/1');

    expect(screen.queryByRole('link', { name: /上一篇/ })).toBeNull();
    expect(screen.getByRole('link', { name: /下一篇/ }).getAttribute('href')).toBe('/entryNews/2');
  });

  it('goes back to the previous page', () => {
    renderAt('/entry', '/entryNews/2', '/entryNews/7');

    fireEvent.click(screen.getByRole('button', { name: /返回/ }));

    expect(articleHeading().textContent).toBe(EXPECTED_TITLES[1]);
  });

  it('goes to the landing page when opened directly, with no previous page', () => {
    renderAt('/entryNews/7');

    fireEvent.click(screen.getByRole('button', { name: /返回/ }));

    expect(screen.getByRole('region', { name: '数据资讯' })).toBeTruthy();
  });
});
