import { Button, Popconfirm, Space, Tag, Tooltip, Typography } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { TOKEN_NEVER_EXPIRES, TOKEN_STATUS } from '@gw/shared';
import type { Token } from '@/api/tokens';
import { QuotaText } from '@/components/quota-text';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { formatTimestamp } from '@/lib/time';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { ChatMenu } from './chat-menu';
import { limitNotes, maskKey, nextToggleStatus, statusColor, statusLabel } from './token-view';

export type TokenAction = 'copy' | 'toggle' | 'edit' | 'delete';

function StatusCell({ token }: { token: Token }) {
  const tag = (
    <Tag color={statusColor(token.status)} size="small">
      {statusLabel(token.status)}
    </Tag>
  );
  const notes = token.status === TOKEN_STATUS.ENABLED ? limitNotes(token) : [];
  if (notes.length === 0) return tag;
  return (
    <Tooltip content={notes.map((note) => <div key={note}>{note}</div>)}>
      <Space size={4}>
        {tag}
        {token.model_limits_enabled && (
          <Tag color="arcoblue" size="small">
            限模型
          </Tag>
        )}
        {token.rate_limit_enabled && (
          <Tag color="purple" size="small">
            {token.rate_per_minute}次/分
          </Tag>
        )}
      </Space>
    </Tooltip>
  );
}

/**
 * The token table's columns; every row action goes through onAction (delete only after its
 * confirmation). The dates wait in the row's expansion: with them the table is wider than a 1440 px screen.
 */
export function getColumns(onAction: (action: TokenAction, token: Token) => void, display: QuotaDisplay): ResponsiveColumn<Token>[] {
  return [
    { title: '名称', dataIndex: 'name', ellipsis: true, card: 'title' },
    { title: '状态', dataIndex: 'status', width: 190, card: 'key', render: (_: unknown, token: Token) => <StatusCell token={token} /> },
    {
      title: '密钥',
      dataIndex: 'key',
      width: 200,
      card: 'key',
      render: (_: unknown, token: Token) => (
        <Space size={4}>
          <Typography.Text code>{maskKey(token.key)}</Typography.Text>
          <Button
            type="text"
            size="mini"
            icon={<IconCopy />}
            aria-label={`复制密钥 ${token.name}`}
            onClick={() => onAction('copy', token)}
          />
        </Space>
      ),
    },
    { title: '已用额度', dataIndex: 'used_quota', width: 110, render: (value: number) => <QuotaText quota={value} display={display} /> },
    {
      title: '剩余额度',
      dataIndex: 'remain_quota',
      width: 110,
      card: 'key',
      render: (value: number, token: Token) => (token.unlimited_quota ? '无限额度' : <QuotaText quota={value} display={display} />),
    },
    { title: '创建时间', dataIndex: 'created_time', inExpandedRow: true, render: (value: number) => formatTimestamp(value) },
    {
      title: '过期时间',
      dataIndex: 'expired_time',
      inExpandedRow: true,
      render: (value: number) => (value === TOKEN_NEVER_EXPIRES ? '永不过期' : formatTimestamp(value)),
    },
    {
      title: '操作',
      width: 240,
      fixed: 'right',
      card: 'actions',
      render: (_: unknown, token: Token) => {
        const next = nextToggleStatus(token.status);
        return (
          <Space size={0}>
            {next !== null && (
              <Button type="text" size="small" status={next === TOKEN_STATUS.DISABLED ? 'warning' : 'success'} onClick={() => onAction('toggle', token)}>
                {next === TOKEN_STATUS.DISABLED ? '禁用' : '启用'}
              </Button>
            )}
            <ChatMenu token={token} />
            <Button type="text" size="small" onClick={() => onAction('edit', token)}>
              编辑
            </Button>
            <Popconfirm title={`确定删除令牌「${token.name}」吗？`} content="删除后不可恢复" onOk={() => onAction('delete', token)}>
              <Button type="text" size="small" status="danger">
                删除
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];
}
