import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Message, Modal, Space, Switch, Typography } from '@arco-design/web-react';
import { IconPlus, IconRefresh } from '@arco-design/web-react/icon';
import { call } from '@/api/http';
import { deleteChannels, deleteDisabledChannels, fixChannelAbilities } from '@/api/channels';
import { refreshAllBalances, retestAllAutoDisabledKeys, runAllChannelTests } from './channel-checks';
import { useChannelListStore } from './list-store';
import { channelIdsOf } from './tag-rows';

const MSG_SELECT_FIRST = '请先选择要删除的渠道';

/**
 * Add, batch delete, delete disabled, fix abilities, test all, retest the auto-disabled keys of
 * multi-key channels, update balances, tag mode, id sort and refresh.
 */
export function Toolbar({ onReload }: { onReload: () => void }) {
  const navigate = useNavigate();
  const { selectedKeys, setSelectedKeys, tagMode, setTagMode, idSort, setIdSort } = useChannelListStore();
  const [retesting, setRetesting] = useState(false);

  const handleDeleteSelected = () => {
    const ids = channelIdsOf(selectedKeys);
    if (ids.length === 0) {
      Message.warning(MSG_SELECT_FIRST);
      return;
    }
    Modal.confirm({
      title: `确定删除所选的 ${ids.length} 个渠道吗？`,
      onOk: async () => {
        const count = await call(deleteChannels(ids));
        if (count === undefined) return;
        Message.success(`已删除 ${count} 个渠道`);
        setSelectedKeys([]);
        onReload();
      },
    });
  };

  const handleDeleteDisabled = () => {
    Modal.confirm({
      title: '确定删除所有已禁用的渠道吗？',
      content: '手动禁用和自动禁用的渠道都会被删除，此操作不可撤销。',
      onOk: async () => {
        const count = await call(deleteDisabledChannels());
        if (count === undefined) return;
        Message.success(`已删除 ${count} 个禁用渠道`);
        onReload();
      },
    });
  };

  const handleFix = async () => {
    const count = await call(fixChannelAbilities());
    if (count === undefined) return;
    Message.success(`已修复 ${count} 个渠道`);
    onReload();
  };

  // The server tests key after key before it answers: the button stays busy meanwhile.
  const handleRetestKeys = async () => {
    setRetesting(true);
    const ran = await retestAllAutoDisabledKeys();
    setRetesting(false);
    if (ran) onReload();
  };

  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Button type="primary" icon={<IconPlus />} onClick={() => navigate('/channel/add')}>
        添加渠道
      </Button>
      <Button status="danger" onClick={handleDeleteSelected}>
        删除所选
      </Button>
      <Button status="danger" onClick={handleDeleteDisabled}>
        删除禁用渠道
      </Button>
      <Button onClick={handleFix}>修复能力</Button>
      <Button onClick={() => void runAllChannelTests()}>测试所有渠道</Button>
      <Button loading={retesting} onClick={() => void handleRetestKeys()}>
        重新测试自动禁用的密钥
      </Button>
      <Button onClick={() => void refreshAllBalances()}>更新所有已启用渠道余额</Button>
      <Button icon={<IconRefresh />} onClick={onReload}>
        刷新
      </Button>
      <Space size={4}>
        <Switch aria-label="标签聚合" checked={tagMode} onChange={setTagMode} />
        <Typography.Text>标签聚合</Typography.Text>
      </Space>
      <Space size={4}>
        <Switch aria-label="ID 排序" checked={idSort} onChange={setIdSort} />
        <Typography.Text>ID 排序</Typography.Text>
      </Space>
    </Space>
  );
}
