import type { FocusEvent, KeyboardEvent } from 'react';
import { InputNumber, Message } from '@arco-design/web-react';
import type { NumberInput } from './number-rules';

interface InlineNumberProps {
  value: number;
  /** Accessible name, e.g. 优先级 of channel 3. */
  label: string;
  min?: number;
  parse: (text: string) => NumberInput;
  onCommit: (value: number) => void;
}

/** A priority or weight edited in the table: saved when the input is left (or Enter), if it changed. */
export function InlineNumber({ value, label, min, parse, onCommit }: InlineNumberProps) {
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const result = parse(event.target.value);
    if (result.kind === 'error') Message.error(result.message);
    else if (result.kind === 'value' && result.value !== value) onCommit(result.value);
  };

  const handleKeyDown = (event: Event) => {
    if ((event as unknown as KeyboardEvent).key === 'Enter') (event.target as HTMLInputElement).blur();
  };

  // Keyed by the value: a saved or reloaded value resets what was typed.
  return (
    <InputNumber
      key={value}
      aria-label={label}
      size="small"
      style={{ width: 90 }}
      defaultValue={value}
      min={min}
      onBlur={handleBlur}
      onKeyDown={handleKeyDown}
    />
  );
}
