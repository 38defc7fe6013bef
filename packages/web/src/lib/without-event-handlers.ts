/**
 * HTML with the event-handler attributes (onerror=, onclick=, …) taken out of its tags, before any
 * parser sees it. Not a sanitizer (sanitizeHtml is one, and removes them as well): Chromium checks
 * the CSP's `script-src-attr 'none'` for every handler attribute it parses, even into DOMPurify's
 * inert document (and in its own setHTML), and reports each one as a violation. Admin HTML
 * holding such attributes would raise reports on every page that shows it.
 *
 * Tags are read as the HTML tokenizer reads them (attributes separated by whitespace or '/',
 * values quoted or not), so that text outside tags is left as it is. Only whole attributes are
 * removed, so whatever this misreads still goes through the sanitizer.
 */

/** '<' or '</' and a tag name; what follows is the tag's attributes. */
const TAG_NAME = /<\/?[a-z][^\t\n\f\r />]*/iy;
/** One attribute with the separators before it; group 1 is its name. */
const ATTRIBUTE = /[\t\n\f\r /]*([^\t\n\f\r />][^\t\n\f\r />=]*)(?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:"[^"]*"?|'[^']*'?|[^\t\n\f\r >]*))?/y;
const EVENT_HANDLER = /^on/i;

export function withoutEventHandlers(html: string): string {
  let kept = '';
  let copiedUpTo = 0;
  let at = html.indexOf('<');
  while (at >= 0) {
    if (html.startsWith('<!--', at)) {
      // A comment's text is not attributes (and the sanitizer drops comments).
      const end = html.indexOf('-->', at + 4);
      at = end < 0 ? -1 : html.indexOf('<', end + 3);
      continue;
    }
    TAG_NAME.lastIndex = at;
    if (TAG_NAME.test(html)) {
      at = TAG_NAME.lastIndex;
      for (let attribute = readAttribute(html, at); attribute; attribute = readAttribute(html, at)) {
        if (EVENT_HANDLER.test(attribute.name)) {
          kept += html.slice(copiedUpTo, at);
          copiedUpTo = attribute.end;
        }
        at = attribute.end;
      }
    } else {
      at += 1;
    }
    at = html.indexOf('<', at);
  }
  return kept + html.slice(copiedUpTo);
}

function readAttribute(html: string, from: number): { name: string; end: number } | null {
  ATTRIBUTE.lastIndex = from;
  const match = ATTRIBUTE.exec(html);
  return match ? { name: match[1], end: ATTRIBUTE.lastIndex } : null;
}
