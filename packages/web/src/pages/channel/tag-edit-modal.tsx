import { useState } from 'react';
import { Form, Input, Message, Modal, Select } from '@arco-design/web-react';
import { call } from '@/api/http';
import { updateTag, type ChannelTagRow } from '@/api/channels';
import { unique } from './lists';
import { initialTagEditValues, planTagUpdate, type TagEditValues } from './tag-edit';
import { MSG_TAG_UPDATED } from './use-channel-actions';

interface TagEditModalProps {
  /** The tag row being edited; null when closed. */
  row: ChannelTagRow | null;
  groups: string[];
  onClose: () => void;
  onSaved: () => void;
}

/** Edits every channel of a tag at once: name, model mapping, groups and models (spec 2 §2). */
export function TagEditModal({ row, groups, onClose, onSaved }: TagEditModalProps) {
  const [form] = Form.useForm<TagEditValues>();
  const [saving, setSaving] = useState(false);

  const handleOk = async () => {
    if (!row) return;
    const plan = planTagUpdate(row, { ...initialTagEditValues(row), ...form.getFieldsValue() } as TagEditValues);
    if (!plan.ok) {
      if (plan.level === 'warning') Message.warning(plan.message);
      else Message.error(plan.message);
      return;
    }
    setSaving(true);
    const changed = await call(updateTag(plan.update));
    setSaving(false);
    if (changed === undefined) return;
    Message.success(MSG_TAG_UPDATED);
    onSaved();
    onClose();
  };

  const initial = row ? initialTagEditValues(row) : undefined;
  const groupOptions = unique([...groups, ...(initial?.groups ?? [])]);

  return (
    <Modal title={row ? `编辑标签：${row.tag}` : '编辑标签'} visible={row !== null} confirmLoading={saving} onOk={handleOk} onCancel={onClose} unmountOnExit>
      {/* Mounted afresh for each tag (unmountOnExit), so the initial values are the tag's. */}
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item field="new_tag" label="新标签名称">
          <Input placeholder="留空则不修改标签名称" />
        </Form.Item>
        <Form.Item field="model_mapping" label="模型映射" extra="留空则不修改；填写后会覆盖该标签下所有渠道的模型映射">
          <Input.TextArea placeholder='例如：{"gpt-3.5-turbo": "gpt-3.5-turbo-0125"}' autoSize={{ minRows: 3 }} />
        </Form.Item>
        <Form.Item field="groups" label="分组">
          <Select mode="multiple" allowClear options={groupOptions} placeholder="请选择分组" />
        </Form.Item>
        <Form.Item field="models" label="模型" extra="可输入新的模型名称后回车添加">
          <Select mode="multiple" allowCreate allowClear options={initial?.models ?? []} placeholder="请选择模型" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
