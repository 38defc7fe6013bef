import { useState } from 'react';
import { Button, Modal, Select, Space, Typography } from '@arco-design/web-react';
import type { ChannelKeyPage, ChannelKeyStatus } from '@/api/channel-keys';
import { KEY_STATUS_OPTIONS } from './key-status-tag';
import type { KeyBatchAction } from './use-key-actions';

interface KeyToolbarProps {
  counts: Pick<ChannelKeyPage, 'enabled' | 'manual_disabled' | 'auto_disabled'> | null;
  status: ChannelKeyStatus | undefined;
  onStatusChange: (status: ChannelKeyStatus | undefined) => void;
  onBatch: (action: KeyBatchAction) => Promise<void>;
}

/** The channel's keys by status, the status filter, and the actions on every key (the destructive ones confirmed). */
export function KeyToolbar({ counts, status, onStatusChange, onBatch }: KeyToolbarProps) {
  const [retesting, setRetesting] = useState(false);

  const confirmThen = (title: string, content: string, action: KeyBatchAction) => Modal.confirm({ title, content, onOk: () => onBatch(action) });

  // The server tests the keys one by one before it answers: the button stays busy until then.
  const handleRetest = async () => {
    setRetesting(true);
    try {
      await onBatch('retest');
    } finally {
      setRetesting(false);
    }
  };

  return (
    <Space direction="vertical" size={12} style={{ width: '100%', marginBottom: 12 }}>
      <Space wrap>
        {counts && (
          <Typography.Text>
            启用 {counts.enabled}，手动禁用 {counts.manual_disabled}，自动禁用 {counts.auto_disabled}
          </Typography.Text>
        )}
        <Select
          aria-label="密钥状态"
          placeholder="全部状态"
          allowClear
          style={{ width: 140 }}
          value={status}
          options={KEY_STATUS_OPTIONS}
          onChange={(value?: ChannelKeyStatus) => onStatusChange(value)}
        />
      </Space>
      <Space wrap>
        <Button onClick={() => void onBatch('enable-all')}>全部启用</Button>
        <Button status="warning" onClick={() => confirmThen('确定禁用全部密钥吗？', '禁用后该渠道没有可用的密钥，将不再分配请求。', 'disable-all')}>
          全部禁用
        </Button>
        <Button
          status="danger"
          onClick={() => confirmThen('确定删除所有自动禁用的密钥吗？', '手动禁用的密钥会保留，此操作不可撤销。', 'delete-auto-disabled')}
        >
          删除自动禁用的密钥
        </Button>
        <Button loading={retesting} onClick={() => void handleRetest()}>
          重新测试自动禁用的密钥
        </Button>
      </Space>
    </Space>
  );
}
