import { useState } from 'react';
import { Button, Message, Popconfirm, Space } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { callOk } from '@/api/http';
import { deleteUpdateNote, type UpdateNote } from '@/api/update';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { formatTimestamp } from '@/lib/time';
import { NoteFormModal } from '@/pages/update/note-form-modal';

interface NotesManagerProps {
  notes: UpdateNote[];
  loading: boolean;
  onChanged: () => void;
}

/** Tab 内容设置 (root administrator only): list with add, edit and delete. */
export function NotesManager({ notes, loading, onChanged }: NotesManagerProps) {
  const [editing, setEditing] = useState<{ note?: UpdateNote } | null>(null);

  const handleDelete = async (note: UpdateNote) => {
    if (await callOk(deleteUpdateNote(note.id))) {
      Message.success('删除成功');
      onChanged();
    }
  };

  const columns: ResponsiveColumn<UpdateNote>[] = [
    { title: '标题', dataIndex: 'title', card: 'title' },
    { title: '发布时间', dataIndex: 'created_at', width: 200, card: 'key', render: (value: number) => formatTimestamp(value) },
    {
      title: '操作',
      width: 160,
      card: 'actions',
      render: (_: unknown, note: UpdateNote) => (
        <Space>
          <Button type="text" size="small" onClick={() => setEditing({ note })}>
            编辑
          </Button>
          <Popconfirm title="确定删除这条更新说明吗？" onOk={() => handleDelete(note)}>
            <Button type="text" status="danger" size="small">
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Button type="primary" icon={<IconPlus />} style={{ marginBottom: 16 }} onClick={() => setEditing({})}>
        新增
      </Button>
      <ResponsiveTable<UpdateNote> rowKey="id" columns={columns} data={notes} loading={loading} pagination={false} />
      <NoteFormModal visible={editing !== null} note={editing?.note} onClose={() => setEditing(null)} onSaved={onChanged} />
    </>
  );
}
