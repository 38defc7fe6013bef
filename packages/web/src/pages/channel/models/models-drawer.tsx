import { Drawer } from '@arco-design/web-react';
import type { Channel } from '@/api/channels';
import { ChannelModels } from './channel-models';

/** 模型 of a channel in a side drawer: as wide as its table on a desktop, the whole screen on a phone (where the table is cards). */
export function ChannelModelsDrawer({ channel, onClose }: { channel: Channel | null; onClose: () => void }) {
  return (
    <Drawer title={channel ? `模型：${channel.name}` : '模型'} width="min(1120px, 100vw)" visible={channel !== null} footer={null} unmountOnExit onCancel={onClose}>
      {channel && <ChannelModels key={channel.id} channel={channel} />}
    </Drawer>
  );
}
