import { useEffect, useState } from 'react';
import { Descriptions, Drawer, Form, Input, InputNumber, Message, Select, Spin } from '@arco-design/web-react';
import { MSG_PASSWORD_TOO_LONG, MSG_PASSWORD_TOO_SHORT, MSG_USER_UPDATED, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, renderQuota } from '@gw/shared';
import { call, callOk } from '@/api/http';
import { getSelf } from '@/api/user';
import { getAdminUser, updateUser, type AdminUser, type UserUpdate } from '@/api/users-admin';
import { QuotaText } from '@/components/quota-text';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { useUserStore } from '@/stores/user';
import { AccountDetails } from './account-details';
import { PASSWORD_HINT, balanceAfter } from './user-view';

/** Whose profile the drawer edits: another user by id (administrator's edit), or one's own. */
export type EditTarget = { mode: 'admin'; id: number } | { mode: 'self' };

interface EditForm {
  username: string;
  display_name: string;
  password: string;
  group: string;
  remark: string;
  /** The quota to add; negative takes quota away. */
  addQuota: number | undefined;
}

interface Loaded {
  id: number;
  quota: number;
  form: EditForm;
  /** The whole admin view when an administrator edits another user (bindings, invitations). */
  user?: AdminUser;
}

interface EditUserDrawerProps {
  target: EditTarget | null;
  groups: string[];
  display: QuotaDisplay;
  onClose: () => void;
  onSaved: () => void;
}

function passwordProblem(password: string): string | null {
  if (password === '') return null;
  if (password.length < PASSWORD_MIN_LENGTH) return MSG_PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX_LENGTH) return MSG_PASSWORD_TOO_LONG;
  return null;
}

/** Loads the profile the drawer opens on: GET /api/user/{id}, or GET /api/user/self for one's own. */
function useProfile(target: EditTarget | null) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const id = target?.mode === 'admin' ? target.id : 0;
  const mode = target?.mode;

  useEffect(() => {
    setLoaded(null);
    if (!mode) return;
    let active = true;
    void call<{ id: number; username: string; display_name?: string; group: string; quota: number; remark?: string }>(mode === 'admin' ? getAdminUser(id) : getSelf()).then((user) => {
      if (!active || !user) return;
      setLoaded({
        id: user.id,
        quota: user.quota,
        form: { username: user.username, display_name: user.display_name ?? '', password: '', group: user.group, remark: user.remark ?? '', addQuota: 0 },
        user: mode === 'admin' ? (user as AdminUser) : undefined,
      });
    });
    return () => {
      active = false;
    };
  }, [mode, id]);

  return loaded;
}

/**
 * 编辑用户 in a drawer on the right (spec 2 §2, §5). An administrator editing another user also sets
 * the group, a remark and the quota (current balance, the amount added, which may be negative, and the
 * balance after); one's own profile has only the name and the password. Both save with PUT /api/user/.
 */
export function EditUserDrawer({ target, groups, display, onClose, onSaved }: EditUserDrawerProps) {
  const loaded = useProfile(target);
  const [form, setForm] = useState<EditForm | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const isAdminEdit = target?.mode === 'admin';

  useEffect(() => setForm(loaded?.form ?? null), [loaded]);

  const patch = (fields: Partial<EditForm>) => setForm((current) => (current ? { ...current, ...fields } : current));

  const handleSubmit = async () => {
    if (!form || !loaded || !target) return;
    const username = form.username.trim();
    if (username === '') {
      Message.error('请输入用户名');
      return;
    }
    const problem = passwordProblem(form.password);
    if (problem) {
      Message.error(problem);
      return;
    }
    const update: UserUpdate = { id: loaded.id, username, display_name: form.display_name.trim() };
    if (form.password !== '') update.password = form.password;
    if (target.mode === 'admin') {
      update.group = form.group;
      update.remark = form.remark.trim();
      // Only a change is sent: the balance may have moved since the drawer opened.
      if (form.addQuota) update.quota = balanceAfter(loaded.quota, form.addQuota);
    }
    setSubmitting(true);
    const ok = await callOk(updateUser(update));
    setSubmitting(false);
    if (!ok) return;
    if (target.mode === 'self') useUserStore.getState().patchUser({ username, display_name: update.display_name });
    Message.success(MSG_USER_UPDATED);
    onSaved();
    onClose();
  };

  const groupOptions = form && form.group && !groups.includes(form.group) ? [form.group, ...groups] : groups;

  return (
    <Drawer
      className="user-drawer"
      title={isAdminEdit ? '编辑用户信息' : '编辑个人信息'}
      placement="right"
      width={480}
      visible={target !== null}
      okText="提交"
      cancelText="取消"
      confirmLoading={submitting}
      onOk={handleSubmit}
      onCancel={onClose}
      unmountOnExit
    >
      <Spin loading={!form} style={{ display: 'block', minHeight: 120 }}>
        {form && loaded && (
          <Form layout="vertical" autoComplete="off">
            <Form.Item label="用户名" required>
              <Input aria-label="用户名" value={form.username} maxLength={USERNAME_MAX_LENGTH} onChange={(username) => patch({ username })} />
            </Form.Item>
            <Form.Item label="显示名称">
              <Input aria-label="显示名称" value={form.display_name} onChange={(value) => patch({ display_name: value })} placeholder="请输入显示名称" />
            </Form.Item>
            <Form.Item label="密码" extra={`${PASSWORD_HINT}，留空则不修改`}>
              <Input.Password
                aria-label="密码"
                value={form.password}
                autoComplete="new-password"
                placeholder={`请输入新的密码，${PASSWORD_HINT}`}
                onChange={(password) => patch({ password })}
              />
            </Form.Item>
            {isAdminEdit && (
              <>
                <Form.Item label="分组">
                  <Select aria-label="分组" value={form.group || undefined} options={groupOptions} placeholder="请选择分组" onChange={(group: string) => patch({ group })} />
                </Form.Item>
                <Form.Item label="备注" extra="仅管理员可见">
                  <Input aria-label="备注" value={form.remark} maxLength={255} onChange={(remark) => patch({ remark })} placeholder="请输入备注" />
                </Form.Item>
                <Form.Item label="剩余额度">
                  <Descriptions
                    column={1}
                    size="small"
                    data={[
                      { label: '当前余额', value: <QuotaText quota={loaded.quota} display={display} /> },
                      { label: '调整后余额', value: <QuotaText quota={balanceAfter(loaded.quota, form.addQuota)} display={display} /> },
                    ]}
                  />
                </Form.Item>
                <Form.Item label="增加额度" extra="填负数则扣减额度；调整后余额不能小于 0">
                  <InputNumber
                    aria-label="增加额度"
                    precision={0}
                    min={-loaded.quota}
                    value={form.addQuota}
                    suffix={renderQuota(form.addQuota ?? 0, display)}
                    onChange={(addQuota) => patch({ addQuota: Number.isNaN(addQuota) ? undefined : addQuota })}
                  />
                </Form.Item>
                {loaded.user && <AccountDetails user={loaded.user} display={display} />}
              </>
            )}
          </Form>
        )}
      </Spin>
    </Drawer>
  );
}
