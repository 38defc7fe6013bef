import type { CSSProperties } from 'react';
import { sanitizeHtml } from '@/lib/sanitize';

interface SafeHtmlProps {
  html: string;
  className?: string;
  style?: CSSProperties;
}

/** Renders admin-editable HTML after DOMPurify has cleaned it. */
export function SafeHtml({ html, className, style }: SafeHtmlProps) {
  return <div className={className} style={style} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
