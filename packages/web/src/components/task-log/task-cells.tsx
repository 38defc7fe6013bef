import { Message, Tag, Typography } from '@arco-design/web-react';
import { copyText } from '@/lib/clipboard';
import { durationColor, taskDuration, type TaskLabel } from './task-view';

/** A task's status, result or type: its Chinese label on a tag of its colour. */
export function LabelTag({ tag }: { tag: TaskLabel }) {
  return (
    <Tag color={tag.color} size="small">
      {tag.label}
    </Tag>
  );
}

/** 花费时间: from submission to the end, '-' while the task runs. */
export function DurationTag({ task }: { task: { submit_time: number; finish_time: number } }) {
  const seconds = taskDuration(task);
  if (seconds === undefined) return <>-</>;
  return (
    <Tag color={durationColor(seconds)} size="small">
      {seconds} s
    </Tag>
  );
}

// A prompt can be thousands of characters: the tooltip stays narrower than a phone.
const TOOLTIP = { type: 'tooltip' as const, props: { style: { maxWidth: 'min(480px, 90vw)' } } };

interface TaskTextProps {
  text: string;
  /** A click copies the whole text (prompts, which users reuse). */
  copyable?: boolean;
  /** Shown in red (failure reasons). */
  error?: boolean;
}

/**
 * A free text cell: two lines at most with the whole text in a tooltip; unbroken text (image
 * addresses in prompts) wraps anywhere rather than widening the column.
 */
export function TaskText({ text, copyable = false, error = false }: TaskTextProps) {
  if (!text) return <>-</>;
  const handleCopy = async () => {
    if (await copyText(text)) Message.success('已复制到剪贴板');
  };
  return (
    <Typography.Paragraph
      ellipsis={{ rows: 2, showTooltip: TOOLTIP }}
      type={error ? 'error' : undefined}
      style={{ marginBottom: 0, overflowWrap: 'anywhere', cursor: copyable ? 'pointer' : undefined }}
      onClick={copyable ? () => void handleCopy() : undefined}
    >
      {text}
    </Typography.Paragraph>
  );
}
