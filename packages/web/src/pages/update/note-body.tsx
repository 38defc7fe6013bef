import { Typography } from '@arco-design/web-react';
import type { UpdateNote } from '@/api/update';
import { formatTimestamp } from '@/lib/time';

/** A note's date and text; the text is shown as plain text with its line breaks. */
export function NoteBody({ note }: { note: UpdateNote }) {
  return (
    <>
      <Typography.Text type="secondary">{formatTimestamp(note.created_at)}</Typography.Text>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>{note.content}</Typography.Paragraph>
    </>
  );
}
