import { useMemo, type CSSProperties } from 'react';
import 'katex/dist/katex.min.css';
import { formatText } from './format-text';
import './formatted-text.css';

interface FormattedTextProps {
  text: unknown;
  className?: string;
  style?: CSSProperties;
}

/** Stored text through the formatter (markdown, formulas, line breaks), already sanitized. */
export function FormattedText({ text, className, style }: FormattedTextProps) {
  const html = useMemo(() => formatText(text), [text]);
  return <div className={className ? `formatted-text ${className}` : 'formatted-text'} style={style} dangerouslySetInnerHTML={{ __html: html }} />;
}
