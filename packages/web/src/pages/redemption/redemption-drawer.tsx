import { useEffect, useState } from 'react';
import { DatePicker, Drawer, Form, Input, InputNumber, Message, Space } from '@arco-design/web-react';
import { REDEMPTION_BATCH_MAX, REDEMPTION_NAME_MAX_LENGTH } from '@gw/shared';
import { call, callOk } from '@/api/http';
import { createRedemptions, updateRedemption, type Redemption, type RedemptionFields } from '@/api/redemptions';
import { QuotaPresetInput } from '@/components/quota-preset-input';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import {
  DEFAULT_REDEMPTION_COUNT,
  defaultRedemptionForm,
  redemptionToForm,
  toPayload,
  validateRedemptionForm,
  type RedemptionFormValues,
} from './redemption-form';
import { MSG_CREATED, MSG_UPDATED } from './redemption-view';

interface RedemptionDrawerProps {
  visible: boolean;
  /** The row being edited; undefined when adding. */
  editing?: Redemption;
  display: QuotaDisplay;
  onClose: () => void;
  /** After a save; `created` holds the new codes when codes were added. */
  onSaved: (created?: string[]) => void;
}

/** Updates the code being edited, or creates `count` new ones; null when the server refused (its message was shown). */
async function save(payload: RedemptionFields, count: number, editing?: Redemption): Promise<{ created?: string[] } | null> {
  if (editing) return (await callOk(updateRedemption(editing.id, payload))) ? {} : null;
  const created = await call(createRedemptions(payload, count));
  return created ? { created } : null;
}

/** Days before today cannot be an expiry. */
const isPastDay = (date: { isBefore: (other: Date, unit: 'day') => boolean }) => date.isBefore(new Date(), 'day');

/** Add or edit a redemption code (spec 2 §2, §5, §9) in a side drawer. */
export function RedemptionDrawer({ visible, editing, display, onClose, onSaved }: RedemptionDrawerProps) {
  const mode = editing ? 'edit' : 'create';
  const [form, setForm] = useState<RedemptionFormValues>(defaultRedemptionForm);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (visible) setForm(editing ? redemptionToForm(editing) : defaultRedemptionForm());
  }, [visible, editing]);

  const patch = (fields: Partial<RedemptionFormValues>) => setForm((current) => ({ ...current, ...fields }));

  const handleSubmit = async () => {
    const problem = validateRedemptionForm(form, mode);
    if (problem) {
      Message.error(problem);
      return;
    }
    setSubmitting(true);
    const saved = await save(toPayload(form), form.count ?? DEFAULT_REDEMPTION_COUNT, editing);
    setSubmitting(false);
    if (!saved) return;
    Message.success(editing ? MSG_UPDATED : MSG_CREATED);
    onSaved(saved.created);
    onClose();
  };

  return (
    <Drawer
      className="redemption-drawer"
      title={editing ? '编辑兑换码' : '添加兑换码'}
      width={480}
      visible={visible}
      okText="提交"
      cancelText="取消"
      confirmLoading={submitting}
      onOk={handleSubmit}
      onCancel={onClose}
      unmountOnExit
    >
      <Form layout="vertical" autoComplete="off">
        <Form.Item label="名称" required>
          <Input aria-label="名称" value={form.name} maxLength={REDEMPTION_NAME_MAX_LENGTH} showWordLimit onChange={(name) => patch({ name })} placeholder="请输入名称" />
        </Form.Item>

        <Form.Item label="额度" required>
          <Space direction="vertical" style={{ width: '100%' }}>
            <QuotaPresetInput label="额度" min={1} value={form.quota} display={display} onChange={(quota) => patch({ quota })} />
          </Space>
        </Form.Item>

        {mode === 'create' && (
          <Form.Item label="数量" required extra={`一次最多生成 ${REDEMPTION_BATCH_MAX} 个兑换码`}>
            <InputNumber
              aria-label="数量"
              min={1}
              max={REDEMPTION_BATCH_MAX}
              precision={0}
              value={form.count}
              onChange={(count) => patch({ count: Number.isNaN(count) ? undefined : count })}
            />
          </Form.Item>
        )}

        <Form.Item label="过期时间" extra="留空表示永不过期">
          <DatePicker
            aria-label="过期时间"
            showTime
            format="YYYY-MM-DD HH:mm:ss"
            value={form.expiredTime || undefined}
            placeholder="永不过期"
            disabledDate={isPastDay}
            style={{ width: '100%' }}
            onChange={(dateString?: string) => patch({ expiredTime: dateString ?? '' })}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
