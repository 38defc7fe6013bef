import { useMemo } from 'react';
import { Form, Input, Typography } from '@arco-design/web-react';
import type { Channel } from '@/api/channels';
import type { ChannelFormValues, FormMode } from './channel-form';
import { VERTEX_TYPE, detectKeys, keyCountText, type DetectedKeys } from './key-lines';
import { isMultiKey } from '../multi-key';
import { MSG_INVALID_ARRAY } from './key-request';
import { ConversionFields, ConvertField, CreateModeFields, MultiKeyEditFields } from './multi-key-fields';
import { keyPlaceholder } from './type-hints';

interface KeyFieldsProps {
  type: number;
  mode: FormMode;
  /** The stored channel on edit (null on create). */
  stored: Channel | null;
  onManageKeys: () => void;
}

const appendPlaceholder = (type: number) =>
  type === VERTEX_TYPE
    ? '每行一个服务账号 JSON 密钥（写在一行内），也可以填写 JSON 数组；与现有密钥重复的会被跳过'
    : '一行一个；与现有密钥重复的会被跳过，留空则不改动密钥';

/**
 * The line under the key field: a mistyped Vertex array, or the keys counted once there are several
 * (or, when keys are being added, once there is one).
 */
function KeyCount({ detected, showSingle }: { detected: DetectedKeys; showSingle: boolean }) {
  if (detected.invalidArray) return <Typography.Text type="error">{MSG_INVALID_ARRAY}</Typography.Text>;
  const several = detected.keys.length > 1 || detected.duplicates > 0;
  if (!several && !(showSingle && detected.keys.length > 0)) return null;
  return <span>{keyCountText(detected)}</span>;
}

/**
 * The key field and what decides its meaning: on create with several keys, one channel each or one
 * multi-key channel; on edit, converting a single-key channel, or adding to (replacing) a multi-key
 * channel's keys.
 */
export function KeyFields({ type, mode, stored, onManageKeys }: KeyFieldsProps) {
  const key = (Form.useWatch<ChannelFormValues>('key') as string | undefined) ?? '';
  const converting = (Form.useWatch<ChannelFormValues>('convert_to_multi') as boolean | undefined) ?? false;
  const detected = useMemo(() => detectKeys(type, key), [type, key]);
  const multi = isMultiKey(stored);
  const addsKeys = mode === 'edit' && (multi || converting);

  return (
    <>
      {mode === 'edit' && !multi && <ConvertField />}
      <Form.Item
        field="key"
        label={addsKeys ? '追加密钥' : '密钥'}
        required={mode === 'create'}
        extra={mode === 'create' || addsKeys ? <KeyCount detected={detected} showSingle={addsKeys} /> : undefined}
      >
        <Input.TextArea placeholder={addsKeys ? appendPlaceholder(type) : keyPlaceholder(type, mode)} autoSize={{ minRows: 2, maxRows: 8 }} />
      </Form.Item>
      {mode === 'create' && detected.keys.length > 1 && <CreateModeFields keyCount={detected.keys.length} />}
      {mode === 'edit' && !multi && converting && <ConversionFields />}
      {stored && multi && <MultiKeyEditFields stored={stored} onManageKeys={onManageKeys} />}
    </>
  );
}
