import { Alert, Form, Input, Select } from '@arco-design/web-react';
import { CHANNEL_TYPES } from '@gw/shared';
import type { Channel } from '@/api/channels';
import type { FormMode } from './channel-form';
import { KeyFields } from './key-fields';
import { AZURE_DEPLOYMENT_HINT, baseUrlHint, hasOrganization, otherHint } from './type-hints';

const TYPE_OPTIONS = CHANNEL_TYPES.map((item) => ({ label: item.name, value: item.id }));

interface BasicFieldsProps {
  type: number;
  mode: FormMode;
  /** The stored channel on edit (null on create): a multi-key one changes the key fields. */
  stored: Channel | null;
  onTypeChange: (type: number) => void;
  onManageKeys: () => void;
}

/** Type, name, key (with its multi-key choices) and the type-specific address fields (spec 2 §5). */
export function BasicFields({ type, mode, stored, onTypeChange, onManageKeys }: BasicFieldsProps) {
  const baseUrl = baseUrlHint(type);
  const other = otherHint(type);
  return (
    <>
      <Form.Item field="type" label="类型" required>
        <Select aria-label="类型" showSearch options={TYPE_OPTIONS} onChange={onTypeChange} />
      </Form.Item>
      {type === 3 && <Alert type="warning" content={AZURE_DEPLOYMENT_HINT} style={{ marginBottom: 16 }} />}
      <Form.Item field="name" label="名称" required>
        <Input placeholder="请为渠道命名" />
      </Form.Item>
      <KeyFields type={type} mode={mode} stored={stored} onManageKeys={onManageKeys} />
      {hasOrganization(type) && (
        <Form.Item field="openai_organization" label="组织">
          <Input placeholder="可选，OpenAI 组织 ID" />
        </Form.Item>
      )}
      <Form.Item field="base_url" label={baseUrl.label}>
        <Input placeholder={baseUrl.placeholder} />
      </Form.Item>
      {other && (
        <Form.Item field="other" label={other.label}>
          {type === 41 ? <Input.TextArea placeholder={other.placeholder} autoSize={{ minRows: 3 }} /> : <Input placeholder={other.placeholder} />}
        </Form.Item>
      )}
    </>
  );
}
