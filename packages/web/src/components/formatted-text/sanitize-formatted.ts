import DOMPurify from 'dompurify';

/**
 * The sanitizer of formatted text (dataset records are imported data, not trusted HTML). Its own
 * DOMPurify instance, so that its hook does not change how admin HTML is cleaned (lib/sanitize.ts).
 *
 * Allowed: ordinary HTML, SVG and MathML as KaTeX writes them (plus MathML's <semantics> and
 * <annotation>, which KaTeX uses to keep the TeX source). Refused on top of DOMPurify's defaults
 * (scripts, event handlers, javascript: URLs): elements that restyle the page or take input, and
 * any inline style except the sizes, offsets and colours KaTeX sets inside its own output.
 */
const purifier = DOMPurify(window);

const KATEX_STYLE_PROPERTIES = new Set([
  'height',
  'width',
  'min-width',
  'max-width',
  'vertical-align',
  'top',
  'bottom',
  'left',
  'right',
  'margin-left',
  'margin-right',
  'margin-top',
  'margin-bottom',
  'padding-left',
  'padding-right',
  'padding-top',
  'padding-bottom',
  'border',
  'border-style',
  'border-color',
  'border-width',
  'border-top-width',
  'border-bottom-width',
  'border-left-width',
  'border-right-width',
  'color',
  'background-color',
]);

/** Lengths, numbers, colour names and #hex only: no url(), expression(), escapes or quotes. */
const SAFE_STYLE_VALUE = /^[\w\s.#%+-]*$/;

function isKatexStyle(node: Element, style: string): boolean {
  if (!node.closest('.katex, .katex-error')) return false;
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter(Boolean)
    .every((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return false;
      const property = declaration.slice(0, colon).trim().toLowerCase();
      return KATEX_STYLE_PROPERTIES.has(property) && SAFE_STYLE_VALUE.test(declaration.slice(colon + 1).trim());
    });
}

purifier.addHook('uponSanitizeAttribute', (node, data) => {
  if (data.attrName === 'style') data.keepAttr = isKatexStyle(node, data.attrValue);
});

const CONFIG = {
  USE_PROFILES: { html: true, svg: true, mathMl: true },
  ADD_TAGS: ['semantics', 'annotation'],
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'link', 'meta', 'base'],
  FORBID_ATTR: ['formaction', 'action', 'srcset'],
};

export function sanitizeFormatted(html: string): string {
  return purifier.sanitize(html, CONFIG);
}
