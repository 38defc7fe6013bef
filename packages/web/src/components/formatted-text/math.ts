import katex from 'katex';
import { escapeHtml } from './escape-html';

/**
 * Dollar-delimited formulas (spec 3 §3 "Formatted text"): `$$…$$` is a display formula, `$…$` an
 * inline one. They are cut out of the text before anything else touches it, because both the
 * escaped-line-break rule (`\n` would eat `\neq`, `\nabla`) and markdown (`_`, `*`, `\\`) would
 * mangle TeX.
 */

/** Private-use characters around a formula's index: markdown leaves them alone and no stored text needs them. */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const PLACEHOLDER = /\uE000(\d+)\uE001/g;

export interface Formula {
  source: string;
  display: boolean;
}

/**
 * `$$…$$` may span lines. `$…$` follows pandoc's rule so that prices ("$5 and $10") stay text: no
 * space just inside the dollars, and the closing one not followed by a digit. `\$` is a literal dollar.
 */
const FORMULA = /(?<!\\)\$\$([\s\S]+?)\$\$|(?<!\\)\$(?!\s)((?:\\.|[^$\\\n])+?)(?<!\s)\$(?!\d)/g;

/** Replaces each formula with a placeholder; returns the text and the formulas in order. */
export function extractFormulas(text: string): { text: string; formulas: Formula[] } {
  const formulas: Formula[] = [];
  const stripped = text.replace(/[\uE000\uE001]/g, '');
  const replaced = stripped.replace(FORMULA, (_match, display: string | undefined, inline: string | undefined) => {
    formulas.push(display !== undefined ? { source: display, display: true } : { source: inline ?? '', display: false });
    return `${OPEN}${formulas.length - 1}${CLOSE}`;
  });
  return { text: replaced, formulas };
}

/** The formula as the reader typed it, escaped: what a formula shows when it cannot be typeset. */
export const formulaSource = ({ source, display }: Formula) => escapeHtml(display ? `$$${source}$$` : `$${source}$`);

/**
 * KaTeX, untrusted (no \href, \url, \includegraphics, \htmlStyle…) and tolerant: a bad formula comes
 * back as KaTeX's red source text; anything KaTeX throws anyway falls back to the plain source.
 */
export function renderFormula(formula: Formula): string {
  try {
    return katex.renderToString(formula.source, { displayMode: formula.display, throwOnError: false, trust: false, strict: 'ignore' });
  } catch (error) {
    console.warn('公式渲染失败', error);
    return formulaSource(formula);
  }
}

/**
 * Puts each formula back where its placeholder is. A placeholder that markdown moved into a tag
 * (an image's alt text, a link title) gets the escaped source: markup inside an attribute would
 * only be garbage for the sanitizer to throw away.
 */
export function restoreFormulas(html: string, formulas: Formula[], render: (formula: Formula) => string = renderFormula): string {
  return html.replace(PLACEHOLDER, (_match, index: string, offset: number) => {
    const formula = formulas[Number(index)];
    if (!formula) return '';
    const insideTag = html.lastIndexOf('<', offset) > html.lastIndexOf('>', offset);
    return insideTag ? formulaSource(formula) : render(formula);
  });
}

/** For the plain-text fallback: the formulas' sources, escaped. */
export const restoreSources = (html: string, formulas: Formula[]) => restoreFormulas(html, formulas, formulaSource);
