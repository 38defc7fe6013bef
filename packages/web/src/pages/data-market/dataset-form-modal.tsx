import { useMemo, useState } from 'react';
import { Descriptions, Form, Input, Message, Modal, Select, type RulesProps } from '@arco-design/web-react';
import { DATA_TYPES, DATASET_DESCRIPTION_MAX_LENGTH, DATASET_NAME_MAX_LENGTH, type DatasetView } from '@gw/shared';
import { createDataset, updateDataset } from '@/api/data-library';
import { callReply } from '@/api/http';
import {
  DATA_FORMAT_HINT,
  EMPTY_DATASET_FORM,
  README_HINT,
  checkDataFormat,
  checkDescription,
  checkName,
  checkReadme,
  formFromDataset,
  inputFromForm,
  type DatasetFormValues,
} from './dataset-form';
import { formatBytes, formatCount } from './market-view';

interface DatasetFormModalProps {
  visible: boolean;
  /** The dataset to edit; creating when absent. */
  editing?: DatasetView;
  onClose: () => void;
  onSaved: () => void;
}

// The checks say the Chinese message for an empty field too; Form.Item's own `required` only draws the mark.
const rule = (check: (value: string | undefined) => string | undefined): RulesProps[] => [
  { validator: (value: string | undefined, callback: (error?: string) => void) => callback(check(value)) },
];

const RULES = {
  name: rule(checkName),
  types: [{ validator: (value: string[] | undefined, callback: (error?: string) => void) => callback(value?.length ? undefined : '请选择数据类型') }] as RulesProps[],
  description: rule(checkDescription),
  data_format: rule(checkDataFormat),
  readme: rule(checkReadme),
  tag: [{ maxLength: 200, message: '标签不能超过 200 个字符' }] as RulesProps[],
  factory: [{ maxLength: 100, message: '提供方不能超过 100 个字符' }] as RulesProps[],
  image_field: [{ maxLength: 500, message: '图片字段不能超过 500 个字符' }] as RulesProps[],
};

/** Root's create and edit form of a dataset (spec 3 §2.1 "edit dataset"); the server checks the same rules. */
export function DatasetFormModal({ visible, editing, onClose, onSaved }: DatasetFormModalProps) {
  const [form] = Form.useForm<DatasetFormValues>();
  const [saving, setSaving] = useState(false);
  // The modal unmounts its form when closed: each opening starts from these values.
  const initialValues = useMemo(() => (editing ? formFromDataset(editing) : EMPTY_DATASET_FORM), [editing]);

  const handleSubmit = async () => {
    let values: DatasetFormValues;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    const input = inputFromForm(values);
    setSaving(true);
    const reply = await callReply(editing ? updateDataset(editing.id, input) : createDataset({ ...input, cover_page: '' }));
    setSaving(false);
    if (!reply) return;
    Message.success(editing ? '数据集已更新' : '数据集已创建');
    onSaved();
    onClose();
  };

  return (
    <Modal
      title={editing ? '编辑数据集' : '添加数据集'}
      visible={visible}
      style={{ width: 'min(720px, calc(100vw - 32px))' }}
      confirmLoading={saving}
      okText="保存"
      onOk={handleSubmit}
      onCancel={onClose}
      unmountOnExit
    >
      {editing && (
        <Descriptions
          className="data-market-form-counts"
          column={2}
          size="small"
          data={[
            { label: '数据量', value: formatCount(editing.data_num) },
            { label: '数据大小', value: formatBytes(editing.data_size) },
          ]}
        />
      )}
      <Form form={form} layout="vertical" initialValues={initialValues}>
        <Form.Item field="name" label="名称" required rules={RULES.name}>
          <Input placeholder="数据集名称" maxLength={DATASET_NAME_MAX_LENGTH} />
        </Form.Item>
        <Form.Item field="types" label="数据类型" required rules={RULES.types}>
          <Select mode="multiple" placeholder="选择一个或多个类型" options={[...DATA_TYPES]} allowClear />
        </Form.Item>
        <Form.Item field="description" label="描述" required rules={RULES.description}>
          <Input.TextArea placeholder="数据集的内容、来源和用途" autoSize={{ minRows: 3, maxRows: 8 }} maxLength={DATASET_DESCRIPTION_MAX_LENGTH} />
        </Form.Item>
        <Form.Item field="tag" label="标签" rules={RULES.tag} extra="多个标签用英文逗号分隔；含“热门”或 hot 的数据集显示热门标记">
          <Input placeholder="例如：热门,医疗" />
        </Form.Item>
        <Form.Item field="factory" label="提供方" rules={RULES.factory}>
          <Input placeholder="数据提供方" />
        </Form.Item>
        <Form.Item field="image_field" label="图片字段" rules={RULES.image_field} extra="记录中存放图片路径的字段名，多个用英文逗号分隔">
          <Input placeholder="例如：image,figure.url" />
        </Form.Item>
        <Form.Item field="data_format" label="数据格式" required rules={RULES.data_format} extra={`JSON 对象：字段名 → multimodal、array、object 或 string，例如 ${DATA_FORMAT_HINT}`}>
          <Input.TextArea className="data-market-code" placeholder={DATA_FORMAT_HINT} autoSize={{ minRows: 3, maxRows: 10 }} />
        </Form.Item>
        <Form.Item field="readme" label="字段说明" rules={RULES.readme} extra={`纯文本，或 JSON：包含 title 和 fields（每项 name、description，可有 subfields），例如 ${README_HINT}`}>
          <Input.TextArea className="data-market-code" placeholder="字段说明（纯文本或 JSON）" autoSize={{ minRows: 3, maxRows: 12 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
