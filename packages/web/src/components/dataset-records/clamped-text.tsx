import { useState, type CSSProperties, type ReactNode } from 'react';
import { Tooltip } from '@arco-design/web-react';
import type { TooltipProps } from '@arco-design/web-react';

export interface ClampTooltip {
  position?: TooltipProps['position'];
  /** The popup's own box (width limits). */
  style?: CSSProperties;
  /** The box of the content inside the popup (height limit and scrolling). */
  contentStyle?: CSSProperties;
}

interface ClampedTextProps {
  /** Under the short-text length: shown as it is, nothing else applies. */
  long: boolean;
  lines: number;
  /** Null when tooltips are disabled: then there is no tooltip and no click toggle either (spec 3 §3). */
  tooltip: ClampTooltip | null;
  children: ReactNode;
}

/** A long text clamped to a few lines, its whole text in a tooltip; a click toggles clamped and expanded. */
export function ClampedText({ long, lines, tooltip, children }: ClampedTextProps) {
  const [expanded, setExpanded] = useState(false);
  if (!long) return <div className="field-value-text">{children}</div>;

  const clamped = (
    <div
      className={expanded ? 'field-value-text field-value-expanded' : 'field-value-text field-value-clamp'}
      style={expanded ? undefined : ({ '--clamp-lines': lines } as CSSProperties)}
      data-clamped={expanded ? 'false' : 'true'}
      role={tooltip ? 'button' : undefined}
      tabIndex={tooltip ? 0 : undefined}
      aria-expanded={tooltip ? expanded : undefined}
      onClick={
        tooltip
          ? (event) => {
              event.stopPropagation();
              setExpanded((value) => !value);
            }
          : undefined
      }
    >
      {children}
    </div>
  );
  if (!tooltip || expanded) return clamped;
  return (
    <Tooltip position={tooltip.position} style={tooltip.style} content={<div style={tooltip.contentStyle}>{children}</div>}>
      {clamped}
    </Tooltip>
  );
}
