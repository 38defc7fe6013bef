import { useEffect, useState } from 'react';
import { Drawer, Form, Input, InputNumber, Message, Select, Space, Switch } from '@arco-design/web-react';
import { MSG_PLAN_SAVED, PLAN_DESCRIPTION_MAX_LENGTH, PLAN_MAX_DAYS, PLAN_NAME_MAX_LENGTH, PLAN_PERIOD_LABELS, PLAN_PERIODS, type PlanView } from '@gw/shared';
import { callReply } from '@/api/http';
import { createPlan, updatePlan } from '@/api/plans';
import { QuotaPresetInput } from '@/components/quota-preset-input';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { defaultPlanForm, planToForm, toPlanFields, validatePlanForm, type PlanFormValues } from './plan-form';
import { groupLabel } from './plan-view';

interface PlanDrawerProps {
  visible: boolean;
  /** The plan being edited; undefined when creating one. */
  editing?: PlanView;
  /** The groups of GroupRatio, which the server accepts. */
  groups: string[];
  display: QuotaDisplay;
  onClose: () => void;
  onSaved: () => void;
}

const PERIOD_OPTIONS = PLAN_PERIODS.map((period) => ({ value: period, label: PLAN_PERIOD_LABELS[period] }));

/** A number input's value, undefined once emptied. */
const numberOrEmpty = (value: number) => (Number.isNaN(value) ? undefined : value);

/** Create or edit a subscription plan in a side drawer; the form's rules are the server's. */
export function PlanDrawer({ visible, editing, groups, display, onClose, onSaved }: PlanDrawerProps) {
  const [form, setForm] = useState<PlanFormValues>(defaultPlanForm);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (visible) setForm(editing ? planToForm(editing) : defaultPlanForm());
  }, [visible, editing]);

  const patch = (fields: Partial<PlanFormValues>) => setForm((current) => ({ ...current, ...fields }));

  const handleSubmit = async () => {
    const problem = validatePlanForm(form);
    if (problem) {
      Message.error(problem);
      return;
    }
    const fields = toPlanFields(form);
    setSubmitting(true);
    const reply = await callReply(editing ? updatePlan(editing.id, fields) : createPlan(fields));
    setSubmitting(false);
    if (!reply) return;
    Message.success(reply.message || MSG_PLAN_SAVED);
    onSaved();
    onClose();
  };

  // A group since removed from GroupRatio stays selectable, so that opening the plan does not change it.
  const groupNames = form.group && !groups.includes(form.group) ? [form.group, ...groups] : groups;
  const groupOptions = [{ value: '', label: groupLabel('') }, ...groupNames.map((group) => ({ value: group, label: group }))];

  return (
    <Drawer
      className="plan-drawer"
      title={editing ? '编辑套餐' : '新建套餐'}
      width={520}
      visible={visible}
      okText="保存"
      cancelText="取消"
      confirmLoading={submitting}
      onOk={handleSubmit}
      onCancel={onClose}
      unmountOnExit
    >
      <Form layout="vertical" autoComplete="off">
        <Form.Item label="名称" required>
          <Input aria-label="名称" value={form.name} maxLength={PLAN_NAME_MAX_LENGTH} showWordLimit onChange={(name) => patch({ name })} placeholder="例如：专业版月卡" />
        </Form.Item>

        <Form.Item label="说明">
          <Input.TextArea
            aria-label="说明"
            value={form.description}
            maxLength={PLAN_DESCRIPTION_MAX_LENGTH}
            showWordLimit
            autoSize={{ minRows: 2, maxRows: 5 }}
            onChange={(description) => patch({ description })}
            placeholder="在钱包页展示给用户，可不填"
          />
        </Form.Item>

        <Form.Item label="价格" required extra="至少设置一种价格；填 0 或留空表示不以该币种出售">
          <Space wrap>
            <InputNumber aria-label="人民币价格" prefix="¥" min={0} precision={2} value={form.priceCny} onChange={(value) => patch({ priceCny: numberOrEmpty(value) })} placeholder="人民币" />
            <InputNumber aria-label="美元价格" prefix="$" min={0} precision={2} value={form.priceUsd} onChange={(value) => patch({ priceUsd: numberOrEmpty(value) })} placeholder="美元" />
          </Space>
        </Form.Item>

        <Form.Item label="周期" required>
          <Space wrap>
            <Select aria-label="周期" style={{ width: 140 }} options={PERIOD_OPTIONS} value={form.period} onChange={(period: PlanFormValues['period']) => patch({ period })} />
            {form.period === 'days' && (
              <InputNumber
                aria-label="天数"
                min={1}
                max={PLAN_MAX_DAYS}
                precision={0}
                suffix="天"
                value={form.periodDays}
                onChange={(value) => patch({ periodDays: numberOrEmpty(value) })}
                placeholder={`1 到 ${PLAN_MAX_DAYS}`}
              />
            )}
          </Space>
        </Form.Item>

        <Form.Item label="每周期额度" required>
          <Space direction="vertical" style={{ width: '100%' }}>
            <QuotaPresetInput label="每周期额度" min={1} value={form.quota} display={display} onChange={(quota) => patch({ quota })} />
          </Space>
        </Form.Item>

        <Form.Item label="订阅分组" extra="订阅期间用户所在的分组；分组来自分组倍率设置">
          <Select aria-label="订阅分组" options={groupOptions} value={form.group} onChange={(group: string) => patch({ group })} />
        </Form.Item>

        <Form.Item label="每人限购" extra="每位用户最多购买的次数，0 表示不限">
          <InputNumber aria-label="每人限购" min={0} precision={0} value={form.limitPerUser} onChange={(value) => patch({ limitPerUser: numberOrEmpty(value) })} />
        </Form.Item>

        <Form.Item label="排序" extra="数字小的套餐在钱包页排在前面">
          <InputNumber aria-label="排序" precision={0} value={form.sort} onChange={(value) => patch({ sort: numberOrEmpty(value) })} />
        </Form.Item>

        <Form.Item label="启用" extra="停用的套餐不在钱包页展示">
          <Switch aria-label="启用" checked={form.enabled} onChange={(enabled) => patch({ enabled })} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
