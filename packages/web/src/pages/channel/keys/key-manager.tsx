import { useMemo } from 'react';
import type { Channel } from '@/api/channels';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import type { ChannelKey } from '@/api/channel-keys';
import { getKeyColumns } from './key-columns';
import { KeyToolbar } from './key-toolbar';
import { KEY_PAGE_SIZES, useChannelKeys } from './use-channel-keys';
import { useKeyActions } from './use-key-actions';

/** The keys of one multi-key channel: counts, filter, batch actions and the paged key table. */
export function KeyManager({ channel, onChanged }: { channel: Channel; onChanged: () => void }) {
  const keys = useChannelKeys(channel.id);
  const { handleKeyAction, handleBatch } = useKeyActions(channel, { reloadKeys: keys.reload, onChanged });
  const columns = useMemo(() => getKeyColumns(handleKeyAction), [handleKeyAction]);

  return (
    <>
      <KeyToolbar counts={keys.data} status={keys.status} onStatusChange={keys.handleStatusChange} onBatch={handleBatch} />
      <ResponsiveTable<ChannelKey>
        rowKey="id"
        columns={columns}
        data={keys.data?.items ?? []}
        loading={keys.loading}
        scroll={{ x: 1060 }}
        pagination={{
          current: keys.page,
          pageSize: keys.pageSize,
          total: keys.data?.total ?? 0,
          sizeCanChange: true,
          sizeOptions: KEY_PAGE_SIZES,
          showTotal: true,
          onChange: keys.handlePageChange,
        }}
      />
    </>
  );
}
