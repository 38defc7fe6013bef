import { useState } from 'react';
import { Button } from '@arco-design/web-react';

/** Text longer than this is clamped with a 展开 control (a length, not a measurement: it works the same before layout). */
export const CLAMP_THRESHOLD = 300;

/** Long text kept to a few lines until expanded; line breaks kept, long words wrapped. */
export function ClampedText({ text, className = '' }: { text: string; className?: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > CLAMP_THRESHOLD;
  return (
    <div className={className}>
      <p className={`run-text${long && !expanded ? ' run-text-clamped' : ''}`}>{text}</p>
      {long && (
        <Button size="mini" type="text" className="run-text-toggle" onClick={() => setExpanded(!expanded)}>
          {expanded ? '收起' : '展开'}
        </Button>
      )}
    </div>
  );
}
