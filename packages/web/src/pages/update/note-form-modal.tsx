import { useEffect, useState } from 'react';
import { Form, Input, Message, Modal } from '@arco-design/web-react';
import { MSG_NOTE_CONTENT_REQUIRED, MSG_NOTE_INCOMPLETE, MSG_NOTE_TITLE_REQUIRED } from '@gw/shared';
import { callOk } from '@/api/http';
import { createUpdateNote, editUpdateNote, type UpdateNote, type UpdateNoteForm } from '@/api/update';

interface NoteFormModalProps {
  visible: boolean;
  /** The note being edited; undefined when adding. */
  note?: UpdateNote;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a release note (spec 1 §5: title and content required). */
export function NoteFormModal({ visible, note, onClose, onSaved }: NoteFormModalProps) {
  const [form] = Form.useForm<UpdateNoteForm>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!visible) return;
    form.resetFields();
    if (note) form.setFieldsValue({ title: note.title, content: note.content });
  }, [visible, note, form]);

  const handleOk = async () => {
    let values: UpdateNoteForm;
    try {
      values = await form.validate();
    } catch {
      Message.error(MSG_NOTE_INCOMPLETE);
      return;
    }
    setSaving(true);
    const ok = await callOk(note ? editUpdateNote(note.id, values) : createUpdateNote(values));
    setSaving(false);
    if (ok) {
      Message.success('保存成功');
      onSaved();
      onClose();
    }
  };

  return (
    <Modal
      title={note ? '编辑更新说明' : '新增更新说明'}
      visible={visible}
      confirmLoading={saving}
      onOk={handleOk}
      onCancel={onClose}
      unmountOnExit
    >
      <Form form={form} layout="vertical">
        <Form.Item field="title" label="标题" rules={[{ required: true, message: MSG_NOTE_TITLE_REQUIRED }]}>
          <Input placeholder="标题" />
        </Form.Item>
        <Form.Item field="content" label="内容" rules={[{ required: true, message: MSG_NOTE_CONTENT_REQUIRED }]}>
          <Input.TextArea placeholder="内容" rows={8} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
