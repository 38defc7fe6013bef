import { Alert, Button, Form, Radio, Space, Switch, Typography } from '@arco-design/web-react';
import { MULTI_KEY_MODES } from '@gw/shared';
import type { Channel } from '@/api/channels';
import { SELECTION_LABELS, keyCountsText } from '../multi-key';
import type { ChannelFormValues } from './channel-form';

const SELECTION_OPTIONS = MULTI_KEY_MODES.map((mode) => ({ label: SELECTION_LABELS[mode], value: mode }));

const CREATE_MODE_OPTIONS = [
  { label: '批量创建（每个密钥一个渠道）', value: 'batch' },
  { label: '多密钥聚合（一个渠道轮换多个密钥）', value: 'multi_to_single' },
];

const CONVERT_OPTIONS = [
  { label: '单密钥', value: false },
  { label: '多密钥（一个渠道轮换多个密钥）', value: true },
];

/** 随机 / 轮询: how a multi-key channel picks the key of each request. */
export function SelectionModeField() {
  return (
    <Form.Item field="multi_key_mode" label="密钥选择方式" extra="随机：每次请求随机使用一个启用的密钥；轮询：按顺序轮流使用启用的密钥">
      <Radio.Group options={SELECTION_OPTIONS} />
    </Form.Item>
  );
}

/** Create with several keys: one channel each (today's behaviour) or one channel holding them all. */
export function CreateModeFields({ keyCount }: { keyCount: number }) {
  const createMode = Form.useWatch<ChannelFormValues>('create_mode') as ChannelFormValues['create_mode'] | undefined;
  const outcome = createMode === 'multi_to_single' ? `将创建 1 个渠道，包含 ${keyCount} 个密钥` : `将创建 ${keyCount} 个渠道`;
  return (
    <>
      <Form.Item field="create_mode" label="密钥模式" extra={outcome}>
        <Radio.Group direction="vertical" options={CREATE_MODE_OPTIONS} />
      </Form.Item>
      {createMode === 'multi_to_single' && <SelectionModeField />}
    </>
  );
}

/** Edit of a single-key channel: the choice to make it multi-key. Above the key field, whose meaning it changes. */
export function ConvertField() {
  return (
    <Form.Item field="convert_to_multi" label="密钥模式">
      <Radio.Group options={CONVERT_OPTIONS} />
    </Form.Item>
  );
}

/** What converting does, said before the confirmation: the server has no way back. */
export function ConversionFields() {
  return (
    <>
      <SelectionModeField />
      <Alert
        type="warning"
        style={{ marginBottom: 16 }}
        content="转换后当前密钥成为第一个密钥，上面填写的密钥会一并加入。多密钥渠道不能改回单密钥渠道。"
      />
    </>
  );
}

/** Edit of a multi-key channel: append or replace, the selection mode, and the way to its keys. */
export function MultiKeyEditFields({ stored, onManageKeys }: { stored: Channel; onManageKeys: () => void }) {
  const replace = (Form.useWatch<ChannelFormValues>('replace_keys') as boolean | undefined) ?? false;
  return (
    <>
      <Form.Item
        field="replace_keys"
        label="替换全部密钥"
        triggerPropName="checked"
        extra={replace ? '提交前会再次确认：现有密钥连同状态和用量统计全部删除，换成上面填写的密钥' : '关闭时，填写的密钥追加到现有密钥中'}
      >
        <Switch />
      </Form.Item>
      <SelectionModeField />
      <Form.Item label="密钥管理">
        <Space wrap>
          <Typography.Text>{keyCountsText(stored.channel_info)}</Typography.Text>
          <Button onClick={onManageKeys}>管理密钥</Button>
        </Space>
      </Form.Item>
    </>
  );
}
