import { useEffect, useState } from 'react';
import { Button, DatePicker, Drawer, Form, Input, InputNumber, Message, Select, Space, Spin, Switch, Typography } from '@arco-design/web-react';
import { TOKEN_BATCH_MAX, renderQuota } from '@gw/shared';
import { callOk } from '@/api/http';
import { createTokens, updateToken, type Token } from '@/api/tokens';
import { QuotaPresetInput } from '@/components/quota-preset-input';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { useUserStore } from '@/stores/user';
import {
  BATCH_SIZES,
  EXPIRY_PICKS,
  balanceWarning,
  defaultTokenForm,
  exceedsBalance,
  expiryAfter,
  quotaCap,
  toPayload,
  tokenToForm,
  validateTokenForm,
  type TokenFormValues,
} from './token-form';
import { MSG_CREATED, MSG_UPDATED } from './token-view';
import { useDrawerData } from './use-drawer-data';

interface TokenDrawerProps {
  visible: boolean;
  /** The row being edited; undefined when adding. */
  editing?: Token;
  display: QuotaDisplay;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a token (spec 2 §2, §5) in a side drawer. */
export function TokenDrawer({ visible, editing, display, onClose, onSaved }: TokenDrawerProps) {
  const mode = editing ? 'edit' : 'create';
  const { groups, models, token: fresh, loading } = useDrawerData(visible, editing?.id);
  const user = useUserStore((state) => state.user);
  const balance = user?.quota ?? 0;
  const [form, setForm] = useState<TokenFormValues>(defaultTokenForm);
  const [submitting, setSubmitting] = useState(false);

  // The row's values at once, then the server's current ones when they arrive.
  useEffect(() => {
    if (visible) setForm(editing ? tokenToForm(editing) : defaultTokenForm());
  }, [visible, editing]);
  useEffect(() => {
    if (fresh) setForm(tokenToForm(fresh));
  }, [fresh]);

  const patch = (fields: Partial<TokenFormValues>) => setForm((current) => ({ ...current, ...fields }));
  const cap = quotaCap(balance, form, mode);
  const overBalance = exceedsBalance(form, balance, mode);

  const handleSubmit = async () => {
    const problem = validateTokenForm(form, mode);
    if (problem) {
      Message.error(problem);
      return;
    }
    if (overBalance) {
      Message.warning(balanceWarning(renderQuota(cap, display)));
      return;
    }
    const payload = toPayload(form);
    setSubmitting(true);
    const ok = await callOk(editing ? updateToken(editing.id, payload) : createTokens(payload, form.count ?? 1));
    setSubmitting(false);
    if (!ok) return;
    Message.success(editing ? MSG_UPDATED : MSG_CREATED);
    onSaved();
    onClose();
  };

  return (
    <Drawer
      title={editing ? '编辑令牌' : '添加令牌'}
      width={560}
      visible={visible}
      okText="提交"
      cancelText="取消"
      confirmLoading={submitting}
      onOk={handleSubmit}
      onCancel={onClose}
      unmountOnExit
    >
      <Spin loading={loading} style={{ display: 'block' }}>
        <Form layout="vertical" autoComplete="off">
          <Form.Item label="名称" required={mode === 'create'}>
            <Input aria-label="名称" value={form.name} maxLength={50} onChange={(name) => patch({ name })} placeholder="请输入名称" />
          </Form.Item>

          <Form.Item label="分组" extra="不选择时使用用户所在分组">
            <Select
              aria-label="分组"
              allowClear
              value={form.group || undefined}
              placeholder={user ? `用户分组（${user.group}）` : '用户分组'}
              options={Object.entries(groups).map(([group, label]) => ({ value: group, label: label || group }))}
              onChange={(group?: string) => patch({ group: group ?? '' })}
            />
          </Form.Item>

          <Form.Item label="过期时间">
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space>
                <Switch aria-label="永不过期" checked={form.neverExpires} onChange={(neverExpires) => patch({ neverExpires })} />
                <span>永不过期</span>
              </Space>
              {!form.neverExpires && (
                <DatePicker
                  showTime
                  format="YYYY-MM-DD HH:mm:ss"
                  value={form.expiredTime || undefined}
                  placeholder="请选择过期时间"
                  style={{ width: '100%' }}
                  onChange={(dateString?: string) => patch({ expiredTime: dateString ?? '' })}
                />
              )}
              <Space wrap>
                {EXPIRY_PICKS.map((pick) => (
                  <Button key={pick.key} size="mini" onClick={() => patch({ neverExpires: false, expiredTime: expiryAfter(pick.key) })}>
                    {pick.label}
                  </Button>
                ))}
              </Space>
            </Space>
          </Form.Item>

          <Form.Item label="额度">
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space>
                <Switch aria-label="无限额度" checked={form.unlimitedQuota} onChange={(unlimitedQuota) => patch({ unlimitedQuota })} />
                <span>无限额度</span>
              </Space>
              {!form.unlimitedQuota && (
                <>
                  <QuotaPresetInput label="额度" min={0} value={form.remainQuota} display={display} onChange={(remainQuota) => patch({ remainQuota })} />
                  {overBalance && <Typography.Text type="warning">{balanceWarning(renderQuota(cap, display))}</Typography.Text>}
                </>
              )}
            </Space>
          </Form.Item>

          {mode === 'create' && (
            <Form.Item label="数量" extra="批量创建时，其余令牌的名称为原名称加 6 位随机字符">
              <Space direction="vertical" style={{ width: '100%' }}>
                <InputNumber
                  aria-label="数量"
                  min={1}
                  max={TOKEN_BATCH_MAX}
                  precision={0}
                  value={form.count}
                  onChange={(count) => patch({ count: Number.isNaN(count) ? undefined : count })}
                />
                <Space wrap>
                  {BATCH_SIZES.map((count) => (
                    <Button key={count} size="mini" onClick={() => patch({ count })}>
                      {count} 个
                    </Button>
                  ))}
                </Space>
              </Space>
            </Form.Item>
          )}

          <Form.Item label="模型限制">
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space>
                <Switch aria-label="启用模型限制" checked={form.modelLimitsEnabled} onChange={(modelLimitsEnabled) => patch({ modelLimitsEnabled })} />
                <span>只允许调用所选模型</span>
              </Space>
              {form.modelLimitsEnabled && (
                <Select
                  aria-label="可用模型"
                  mode="multiple"
                  allowClear
                  value={form.modelLimits}
                  placeholder="请选择模型"
                  options={models}
                  onChange={(modelLimits: string[]) => patch({ modelLimits })}
                />
              )}
            </Space>
          </Form.Item>

          <Form.Item label="IP 白名单" extra="一行一个 IP 或 CIDR 网段，留空表示不限制">
            <Input.TextArea aria-label="IP 白名单" rows={3} value={form.allowIps} onChange={(allowIps) => patch({ allowIps })} />
          </Form.Item>

          <Form.Item label="速率限制">
            <Space direction="vertical" style={{ width: '100%' }}>
              <Space>
                <Switch aria-label="启用速率限制" checked={form.rateLimitEnabled} onChange={(rateLimitEnabled) => patch({ rateLimitEnabled })} />
                <span>限制每分钟请求次数</span>
              </Space>
              {form.rateLimitEnabled && (
                <InputNumber
                  aria-label="每分钟请求次数"
                  min={1}
                  precision={0}
                  value={form.ratePerMinute}
                  placeholder="每分钟请求次数"
                  onChange={(ratePerMinute) => patch({ ratePerMinute: Number.isNaN(ratePerMinute) ? undefined : ratePerMinute })}
                />
              )}
            </Space>
          </Form.Item>
        </Form>
      </Spin>
    </Drawer>
  );
}
