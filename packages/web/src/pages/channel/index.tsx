import { useMemo, useState } from 'react';
import { Card } from '@arco-design/web-react';
import { CHANNEL_STATUS } from '@gw/shared';
import type { Channel, ChannelRow, ChannelTagRow } from '@/api/channels';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import { getColumns } from './columns';
import { KeyManagerDrawer } from './keys/key-manager-drawer';
import { useChannelListStore } from './list-store';
import { PAGE_SIZE_OPTIONS } from '@/lib/page-size';
import { SearchForm } from './search-form';
import { TagEditModal } from './tag-edit-modal';
import { isTagRow, rowKey } from './tag-rows';
import { Toolbar } from './toolbar';
import { useChannelActions } from './use-channel-actions';
import { useAffinityCounts } from './use-affinity-counts';
import { useChannelList } from './use-channel-list';
import { useGroups } from './use-groups';
import './channel.css';

const rowClassName = (row: ChannelRow) => (row.status === CHANNEL_STATUS.ENABLED ? '' : 'channel-row-disabled');

/**
 * 管理渠道 (spec 2 §2): search, toolbar, channel table with paging and tag mode, tag edit dialog, key
 * manager of multi-key channels, and the sessions sticky routing binds to each channel.
 */
export default function ChannelPage() {
  const { rows, total, loading, reload, patchChannel, version } = useChannelList();
  const sessions = useAffinityCounts(version);
  const groups = useGroups();
  const [editingTag, setEditingTag] = useState<ChannelTagRow | null>(null);
  const [keysOf, setKeysOf] = useState<Channel | null>(null);
  const handleAction = useChannelActions({ reload, patchChannel, onEditTag: setEditingTag, onManageKeys: setKeysOf });
  const { page, pageSize, selectedKeys, setPage, setPageSize, setSelectedKeys } = useChannelListStore();
  const columns = useMemo(() => getColumns(handleAction, readQuotaDisplay(), sessions), [handleAction, sessions]);

  const handlePageChange = (nextPage: number, nextSize: number) => {
    if (nextSize !== pageSize) setPageSize(nextSize);
    else setPage(nextPage);
  };

  return (
    <Card title="管理渠道">
      <SearchForm groups={groups} />
      <Toolbar onReload={reload} />
      <ResponsiveTable<ChannelRow>
        rowKey={rowKey}
        columns={columns}
        data={rows}
        loading={loading}
        rowClassName={rowClassName}
        // The shown columns, the selection and the expand toggle: on a 1440 px screen the table fits without a scroll bar.
        scroll={{ x: 1110 }}
        rowSelection={{
          type: 'checkbox',
          selectedRowKeys: selectedKeys,
          onChange: (keys) => setSelectedKeys(keys),
          checkboxProps: (row) => ({ disabled: isTagRow(row) }),
        }}
        pagination={{
          current: page,
          pageSize,
          total,
          sizeCanChange: true,
          sizeOptions: PAGE_SIZE_OPTIONS,
          showTotal: true,
          onChange: handlePageChange,
        }}
      />
      <TagEditModal row={editingTag} groups={groups} onClose={() => setEditingTag(null)} onSaved={reload} />
      <KeyManagerDrawer channel={keysOf} onClose={() => setKeysOf(null)} onChanged={reload} />
    </Card>
  );
}
