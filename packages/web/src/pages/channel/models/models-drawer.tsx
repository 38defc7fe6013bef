import { Drawer } from '@arco-design/web-react';
import type { Channel } from '@/api/channels';
import { ChannelModels } from './channel-models';

/**
 * 模型 of a channel in a side drawer: as wide as its table on a desktop, the whole screen on a phone
 * (where the table is cards). Only the channel's id and name are read: 模型管理 opens it too.
 */
export function ChannelModelsDrawer({ channel, onClose }: { channel: Pick<Channel, 'id' | 'name'> | null; onClose: () => void }) {
  return (
    <Drawer title={channel ? `模型：${channel.name}` : '模型'} width="min(1120px, 100vw)" visible={channel !== null} footer={null} unmountOnExit onCancel={onClose}>
      {channel && <ChannelModels key={channel.id} channel={channel} />}
    </Drawer>
  );
}
