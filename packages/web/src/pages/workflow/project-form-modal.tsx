import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Form, Input, Message, Modal, type RulesProps } from '@arco-design/web-react';
import {
  MSG_PROJECT_CREATE_FAILED,
  MSG_PROJECT_UPDATE_FAILED,
  MSG_PROJECT_UPDATED,
  MSG_WORKFLOW_PROJECT_CREATED,
  PROJECT_AUTHOR_DEFAULT,
  PROJECT_DESCRIPTION_MAX_LENGTH,
  PROJECT_STATUS_DEFAULT,
  PROJECT_TITLE_MAX_LENGTH,
  type ProjectView,
} from '@gw/shared';
import { createProject, updateProject } from '@/api/workflow-projects';
import { useUserStore } from '@/stores/user';
import { checkDescription, checkTitle, runCall } from './workflow-view';

interface ProjectFormValues {
  title: string;
  description: string;
}

interface ProjectFormModalProps {
  visible: boolean;
  /** The project to edit; creating when absent. */
  editing?: ProjectView;
  onClose: () => void;
  onSaved: () => void;
}

const rule = (check: (value: string | undefined) => string | undefined): RulesProps[] => [
  { validator: (value: string | undefined, callback: (error?: string) => void) => callback(check(value)) },
];
const RULES = { title: rule(checkTitle), description: rule(checkDescription) };

/** 新建项目 / 编辑项目 (spec 3 §2.5). A new project opens in the editor at once. */
export function ProjectFormModal({ visible, editing, onClose, onSaved }: ProjectFormModalProps) {
  const [form] = Form.useForm<ProjectFormValues>();
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const username = useUserStore((state) => state.user?.username);
  const initialValues = useMemo<ProjectFormValues>(() => ({ title: editing?.title ?? '', description: editing?.description ?? '' }), [editing]);

  const handleSubmit = async () => {
    let values: ProjectFormValues;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    const title = values.title.trim();
    const description = (values.description ?? '').trim();
    setSaving(true);
    if (editing) {
      const result = await runCall(updateProject(editing.id, { title, description }), MSG_PROJECT_UPDATE_FAILED);
      setSaving(false);
      if (!result) return;
      Message.success(MSG_PROJECT_UPDATED);
      onSaved();
      onClose();
      return;
    }
    const result = await runCall(
      createProject({ title, description, status: PROJECT_STATUS_DEFAULT, author: username || PROJECT_AUTHOR_DEFAULT }),
      MSG_PROJECT_CREATE_FAILED,
    );
    setSaving(false);
    if (!result) return;
    const project = result.data;
    Message.success(MSG_WORKFLOW_PROJECT_CREATED);
    onClose();
    navigate(`/workflow/editor/${project.id}`, { state: { project, nodes: project.nodes, edges: project.edges } });
  };

  return (
    <Modal
      title={editing ? '编辑项目' : '新建项目'}
      visible={visible}
      style={{ width: 'min(560px, calc(100vw - 32px))' }}
      confirmLoading={saving}
      okText={editing ? '保存' : '创建'}
      onOk={handleSubmit}
      onCancel={onClose}
      unmountOnExit
    >
      <Form form={form} layout="vertical" initialValues={initialValues}>
        <Form.Item field="title" label="项目名称" required rules={RULES.title}>
          <Input placeholder="请输入项目名称" maxLength={PROJECT_TITLE_MAX_LENGTH} showWordLimit />
        </Form.Item>
        <Form.Item field="description" label="项目描述" rules={RULES.description}>
          <Input.TextArea placeholder="项目的用途（可选）" autoSize={{ minRows: 3, maxRows: 8 }} maxLength={PROJECT_DESCRIPTION_MAX_LENGTH} showWordLimit />
        </Form.Item>
      </Form>
    </Modal>
  );
}
