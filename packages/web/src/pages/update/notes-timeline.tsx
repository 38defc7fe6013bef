import { Card, Collapse, Empty, Spin, Tag } from '@arco-design/web-react';
import type { UpdateNote } from '@/api/update';
import { NoteBody } from '@/pages/update/note-body';

interface NotesTimelineProps {
  notes: UpdateNote[];
  loading: boolean;
}

/** Tab 内容更新: the latest note highlighted, older ones in a collapsible history. */
export function NotesTimeline({ notes, loading }: NotesTimelineProps) {
  if (loading) return <Spin style={{ display: 'block', margin: '40px auto' }} />;
  if (notes.length === 0) return <Empty description="暂无更新内容" />;
  const [latest, ...older] = notes;
  return (
    <>
      <Card
        title={latest.title}
        extra={<Tag color="arcoblue">最新</Tag>}
        style={{ borderColor: 'rgb(var(--primary-6))', marginBottom: 16 }}
      >
        <NoteBody note={latest} />
      </Card>
      {older.length > 0 && (
        <Collapse bordered>
          <Collapse.Item name="history" header={`历史更新（${older.length}）`}>
            {older.map((note) => (
              <Card key={note.id} title={note.title} bordered={false} size="small">
                <NoteBody note={note} />
              </Card>
            ))}
          </Collapse.Item>
        </Collapse>
      )}
    </>
  );
}
