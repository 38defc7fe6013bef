import { Marked } from 'marked';
import { escapeHtml } from './escape-html';
import { extractFormulas, restoreFormulas, restoreSources, type Formula } from './math';
import { sanitizeFormatted } from './sanitize-formatted';

/**
 * The formatter every stored text of the data market goes through (spec 3 §3 "Formatted text"):
 * formulas are cut out first, escaped (`\` + `n`) and real line breaks become line breaks, markdown
 * (GitHub tables, a single line break is a <br>) is rendered, the formulas are typeset back in
 * place, and the result is sanitized. Raw HTML in the text is shown as text. The spec's original shows the markdown unsanitized; these
 * texts are imported data, so here the last step always runs.
 *
 * Each stage falls back to something simpler (spec 3 §8): markdown that fails gives the escaped
 * text with <br>s; a formula that fails gives its source.
 */
export function formatText(text: unknown): string {
  if (typeof text !== 'string' || text === '') return '';
  try {
    const { text: withoutFormulas, formulas } = extractFormulas(text);
    const lines = withoutFormulas.replace(/\\n/g, '\n').replace(/\r\n?/g, '\n');
    return sanitizeFormatted(restoreFormulas(renderMarkdown(lines, formulas), formulas));
  } catch (error) {
    console.warn('文本格式化失败', error);
    return escapeHtml(text).replace(/\r?\n/g, '<br>');
  }
}

/**
 * Its own instance: options set elsewhere on the global `marked` cannot change these texts. HTML
 * written in a record is data, not markup: `<div>` in a code dataset, `<img …>` in a question show
 * as the characters they are (and so can neither run nor load anything); markdown's own syntax —
 * emphasis, tables, links, images — still renders.
 */
const markdown = new Marked({ gfm: true, breaks: true, async: false, renderer: { html: ({ text }) => escapeHtml(text) } });

function renderMarkdown(text: string, formulas: Formula[]): string {
  try {
    return markdown.parse(text, { async: false });
  } catch (error) {
    console.warn('Markdown 渲染失败', error);
    return plainText(text, formulas);
  }
}

/** The last resort: the text as it is, with line breaks and the formulas' sources. */
function plainText(text: string, formulas: Formula[]): string {
  return restoreSources(escapeHtml(text).replace(/\n/g, '<br>'), formulas);
}
