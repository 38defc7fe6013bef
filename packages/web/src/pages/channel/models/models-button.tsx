import { useState } from 'react';
import { Button } from '@arco-design/web-react';
import type { Channel } from '@/api/channels';
import { ChannelModelsDrawer } from './models-drawer';

/** 模型 in a channel row: opens the drawer of the channel's models. */
export function ChannelModelsButton({ channel }: { channel: Channel }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="mini" type="text" onClick={() => setOpen(true)}>
        模型
      </Button>
      <ChannelModelsDrawer channel={open ? channel : null} onClose={() => setOpen(false)} />
    </>
  );
}
