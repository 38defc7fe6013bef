import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS, type AuditAction, type AuditLogView, type AuditTargetType } from '@gw/shared';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { AuditDiff } from './audit-diff';

export const formatAuditTime = (seconds: number) => new Date(seconds * 1000).toLocaleString('zh-CN');

/** The action's Chinese name with its code (the code is what the 操作 filter and the API use). */
export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
export const targetLabel = (type: string) => AUDIT_TARGET_LABELS[type as AuditTargetType] ?? type;

export function getColumns(): ResponsiveColumn<AuditLogView>[] {
  return [
    { title: '时间', dataIndex: 'created_at', width: 165, card: 'title', render: formatAuditTime },
    { title: '操作人', dataIndex: 'actor_name', width: 120, card: 'key', render: (name: string, row) => `${name} (#${row.actor_id})` },
    { title: '操作', dataIndex: 'action', width: 120, card: 'key', render: (action: string) => <span title={action}>{actionLabel(action)}</span> },
    {
      title: '对象',
      dataIndex: 'target_id',
      width: 120,
      card: 'key',
      render: (id: string, row) => (
        <span>
          {targetLabel(row.target_type)} <code>{id}</code>
        </span>
      ),
    },
    { title: 'IP', dataIndex: 'ip', width: 130 },
    { title: '变更', key: 'diff', card: 'key', render: (_, row) => <AuditDiff before={row.before} after={row.after} /> },
  ];
}
