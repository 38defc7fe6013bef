import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Popconfirm, Space, Tag, Typography } from '@arco-design/web-react';
import type { AdminUser, ManageAction } from '@/api/users-admin';
import { QuotaText } from '@/components/quota-text';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { canResetTwoFactor } from './two-factor-reset';
import { STATE_TAGS, allowedActions, canManageSessions, demotedRole, editMode, isDeregistered, monitorLink, promotedRole, roleColor, roleLabel, userState, type Viewer } from './user-view';

export type UserAction = ManageAction | 'edit' | 'sessions' | 'reset2fa';

interface ActionButtonProps {
  label: string;
  disabled: boolean;
  status?: 'warning' | 'danger' | 'success';
  /** Asked before the action runs; no confirmation when absent. */
  confirm?: { title: string; content?: string };
  onRun: () => void;
}

function ActionButton({ label, disabled, status, confirm, onRun }: ActionButtonProps) {
  const button = (
    <Button type="text" size="small" status={status} disabled={disabled} onClick={confirm ? undefined : onRun}>
      {label}
    </Button>
  );
  if (!confirm || disabled) return button;
  return (
    <Popconfirm title={confirm.title} content={confirm.content} onOk={onRun}>
      {button}
    </Popconfirm>
  );
}

function NameCell({ user }: { user: AdminUser }) {
  const details: ReactNode[] = [];
  if (user.display_name && user.display_name !== user.username) details.push(user.display_name);
  if (user.remark) details.push(`备注：${user.remark}`);
  return (
    <div className="user-name-cell">
      <Typography.Text bold>{user.username}</Typography.Text>
      {details.map((detail, index) => (
        <Typography.Text key={index} type="secondary" className="user-name-detail">
          {detail}
        </Typography.Text>
      ))}
    </div>
  );
}

/** The user table's columns; every row action goes through onAction (the permanent ones after a confirmation). */
export function getColumns(viewer: Viewer, onAction: (action: UserAction, user: AdminUser) => void, display: QuotaDisplay): ResponsiveColumn<AdminUser>[] {
  return [
    { title: 'ID', dataIndex: 'id', width: 60, card: 'key' },
    { title: '用户名', dataIndex: 'username', card: 'title', render: (_: unknown, user: AdminUser) => <NameCell user={user} /> },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      card: 'key',
      render: (_: unknown, user: AdminUser) => {
        const tag = STATE_TAGS[userState(user)];
        return (
          <Tag size="small" color={tag.color}>
            {tag.label}
          </Tag>
        );
      },
    },
    {
      title: '用户角色',
      dataIndex: 'role',
      width: 100,
      card: 'key',
      render: (role: number) => (
        <Tag size="small" color={roleColor(role)}>
          {roleLabel(role)}
        </Tag>
      ),
    },
    { title: '分组', dataIndex: 'group', width: 100, render: (group: string) => (group ? <Tag size="small">{group}</Tag> : '-') },
    { title: '剩余额度', dataIndex: 'quota', width: 100, card: 'key', render: (quota: number) => <QuotaText quota={quota} display={display} /> },
    { title: '已用额度', dataIndex: 'used_quota', width: 100, render: (quota: number) => <QuotaText quota={quota} display={display} /> },
    { title: '请求次数', dataIndex: 'request_count', width: 90 },
    {
      title: '操作',
      width: 270,
      fixed: 'right',
      card: 'actions',
      render: (_: unknown, user: AdminUser) => {
        const monitor = (
          <Link className="user-monitor-link" to={monitorLink(user)}>
            监控
          </Link>
        );
        // Deregistration is irreversible and the server refuses every change to such an account: only its history is left to see.
        if (isDeregistered(user)) return monitor;
        const allowed = allowedActions(viewer, user);
        const enabling = userState(user) === 'banned';
        return (
          <Space className="user-actions" size={0} wrap>
            <ActionButton
              label="提升"
              disabled={!allowed.promote}
              confirm={{ title: `确定将「${user.username}」提升为${roleLabel(promotedRole(user.role) ?? user.role)}吗？` }}
              onRun={() => onAction('promote', user)}
            />
            <ActionButton
              label="降级"
              disabled={!allowed.demote}
              confirm={{ title: `确定将「${user.username}」降级为${roleLabel(demotedRole(user.role) ?? user.role)}吗？` }}
              onRun={() => onAction('demote', user)}
            />
            {enabling ? (
              <ActionButton label="启用" status="success" disabled={!allowed.enable} onRun={() => onAction('enable', user)} />
            ) : (
              <ActionButton label="禁用" status="warning" disabled={!allowed.disable} onRun={() => onAction('disable', user)} />
            )}
            <ActionButton
              label="删除"
              status="danger"
              disabled={!allowed.delete}
              confirm={{ title: `确定注销用户「${user.username}」吗？`, content: '注销后不可恢复' }}
              onRun={() => onAction('delete', user)}
            />
            <ActionButton label="编辑" disabled={editMode(viewer, user) === null} onRun={() => onAction('edit', user)} />
            <ActionButton label="设备" disabled={!canManageSessions(viewer, user)} onRun={() => onAction('sessions', user)} />
            {canResetTwoFactor(viewer, user) && (
              <ActionButton
                label="重置两步验证"
                status="warning"
                disabled={false}
                confirm={{ title: `确定重置「${user.username}」的两步验证吗？`, content: '该用户的两步验证将被停用，其所有登录会话将被退出。' }}
                onRun={() => onAction('reset2fa', user)}
              />
            )}
            {monitor}
          </Space>
        );
      },
    },
  ];
}
