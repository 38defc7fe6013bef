import { describe, expect, it } from 'vitest';
import { formatText } from './format-text';

/** Parses the output the way the page will, so the assertions look at elements, not at text. */
function parse(html: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box;
}

// DOMPurify does not work in happy-dom (cure53/DOMPurify#1457): what the sanitizer removes is
// checked in Chromium by e2e/tests/formatted-text.e2e.ts. These tests cover the other stages.
describe(formatText.name, () => {
  it('gives an empty string for empty and non-string input', () => {
    for (const value of ['', null, undefined, 42, { text: 'a' }, ['a']]) expect(formatText(value)).toBe('');
  });

  it('turns escaped and real line breaks into <br>', () => {
    const box = parse(formatText('第一行\\n第二行\n第三行\r\n第四行'));
    expect(box.querySelectorAll('br')).toHaveLength(3);
    expect(box.textContent?.trim()).toBe('第一行第二行第三行第四行');
  });

  it('renders markdown with GitHub tables', () => {
    const box = parse(formatText('**粗体** 文本\n\n| 名称 | 数量 |\n| --- | --- |\n| 苹果 | 3 |'));
    expect(box.querySelector('strong')?.textContent).toBe('粗体');
    expect([...box.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(['名称', '数量']);
    expect([...box.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['苹果', '3']);
  });

  it('typesets $…$ inline and $$…$$ as display formulas with KaTeX', () => {
    const box = parse(formatText('面积 $\\pi r^2$，以及\n$$\\frac{a}{b}$$'));
    const formulas = box.querySelectorAll('.katex');
    expect(formulas).toHaveLength(2);
    expect(box.querySelectorAll('.katex-display')).toHaveLength(1);
    expect(box.querySelector('.katex-display .mfrac')).not.toBeNull();
    expect([...box.querySelectorAll('annotation')].map((node) => node.textContent)).toEqual(['\\pi r^2', '\\frac{a}{b}']);
  });

  it('keeps TeX away from markdown and the line-break rule', () => {
    // `_` and `*` would be emphasis and `\n` of \neq a line break if the formula were not protected.
    const box = parse(formatText('$a_1 * b_2 \\neq c_1 * d_2$'));
    expect(box.querySelector('em, strong, br')).toBeNull();
    expect(box.querySelector('annotation')?.textContent).toBe('a_1 * b_2 \\neq c_1 * d_2');
  });

  it('leaves prices and escaped dollars as text', () => {
    const box = parse(formatText('价格 $5 到 $10，符号 \\$x\\$'));
    expect(box.querySelector('.katex')).toBeNull();
    expect(box.textContent?.trim()).toBe('价格 $5 到 $10，符号 $x$');
  });

  it('shows the source of a formula KaTeX cannot parse', () => {
    const box = parse(formatText('坏公式 $\\frac{1$ 之后'));
    expect(box.querySelector('.katex-error')?.textContent).toBe('\\frac{1');
    expect(box.textContent).toContain('之后');
  });

});
