import DOMPurify, { type Config } from 'dompurify';
import { withoutEventHandlers } from '@/lib/without-event-handlers';

/**
 * The one sanitizer of admin-editable HTML: the notice, the footer, and the home and about pages
 * (after their Markdown is rendered). Its own DOMPurify instance, so that hooks added to the shared
 * one elsewhere cannot loosen it.
 *
 * An allow-list of text formatting, links, images and tables. Left out on purpose: <style> and
 * style attributes (one <style> in the notice restyled every page), class and id (they would borrow
 * or clash with the console's own), forms and their fields, frames, objects, embeds, SVG and MathML,
 * media, and every <link>, <meta>, <base> and <script>. Addresses may be http(s), mailto:, tel: or
 * relative (images may also be data:), never javascript:.
 */
const purifier = DOMPurify(window);

const CONFIG: Config = {
  ALLOWED_TAGS: [
    ...['p', 'br', 'hr', 'div', 'span', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    ...['b', 'strong', 'i', 'em', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'code', 'pre', 'kbd'],
    ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'details', 'summary', 'figure', 'figcaption'],
    ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
    ...['a', 'img'],
  ],
  ALLOWED_ATTR: ['href', 'target', 'rel', 'src', 'alt', 'title', 'width', 'height', 'align', 'colspan', 'rowspan', 'start', 'open'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

export function sanitizeHtml(html: string): string {
  return purifier.sanitize(withoutEventHandlers(html), CONFIG);
}
