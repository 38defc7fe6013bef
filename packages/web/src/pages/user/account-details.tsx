import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Descriptions, Form } from '@arco-design/web-react';
import { renderQuota } from '@gw/shared';
import { call } from '@/api/http';
import { getAdminUser, type AdminUser } from '@/api/users-admin';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';

/** The sign-in accounts a user entity stores, with the personal settings' names (spec 1 §2.7 bindings). */
const BINDINGS: ReadonlyArray<[keyof AdminUser, string]> = [
  ['email', '邮箱'],
  ['github_id', 'GitHub'],
  ['wechat_id', '微信'],
  ['telegram_id', 'Telegram'],
  ['linux_do_id', 'LinuxDO'],
  ['oidc_id', 'OIDC'],
];

/** The inviter by username, linking to its own edit drawer; its id until the name is known. */
function InviterLink({ id }: { id: number }) {
  const [username, setUsername] = useState<string>();
  useEffect(() => {
    let active = true;
    void call(getAdminUser(id)).then((inviter) => {
      if (active && inviter) setUsername(inviter.username);
    });
    return () => {
      active = false;
    };
  }, [id]);
  return <Link to={`/user/edit/${id}`}>{username ?? `#${id}`}</Link>;
}

/** 绑定账号 and 邀请信息 of a user (spec 2 §3 User (admin view)), read-only in the administrator's edit drawer; the figures as the personal invite card names them. */
export function AccountDetails({ user, display }: { user: AdminUser; display: QuotaDisplay }) {
  return (
    <>
      <Form.Item label="绑定账号">
        <Descriptions column={1} size="small" data={BINDINGS.map(([field, label]) => ({ label, value: user[field] || '未绑定' }))} />
      </Form.Item>
      <Form.Item label="邀请信息">
        <Descriptions
          column={1}
          size="small"
          data={[
            { label: '邀请人数', value: user.aff_count },
            { label: '待使用收益', value: renderQuota(user.aff_quota ?? 0, display) },
            { label: '总收益', value: renderQuota(user.aff_history_quota, display) },
            { label: '邀请人', value: user.inviter_id ? <InviterLink id={user.inviter_id} /> : '无' },
          ]}
        />
      </Form.Item>
    </>
  );
}
