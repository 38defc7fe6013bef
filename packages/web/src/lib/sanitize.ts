import DOMPurify from 'dompurify';

/** Admin-editable HTML (notice, footer, about) is always sanitized before it is rendered. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html);
}
