import { Drawer } from '@arco-design/web-react';
import type { Channel } from '@/api/channels';
import { KeyManager } from './key-manager';

interface KeyManagerDrawerProps {
  /** The multi-key channel whose keys are shown; null when closed. */
  channel: Channel | null;
  onClose: () => void;
  /** A key changed: the channel's counts (the list's tag, the form's summary) are stale. */
  onChanged: () => void;
}

/**
 * 密钥管理 in a side drawer, opened from the list row or from the edit page. As wide as the key
 * table on a desktop, the whole screen on a phone (where the table is cards).
 */
export function KeyManagerDrawer({ channel, onClose, onChanged }: KeyManagerDrawerProps) {
  return (
    <Drawer
      title={channel ? `密钥管理：${channel.name}` : '密钥管理'}
      width="min(1120px, 100vw)"
      visible={channel !== null}
      footer={null}
      unmountOnExit
      onCancel={onClose}
    >
      {/* Keyed by channel: another channel starts on its first page with no filter. */}
      {channel && <KeyManager key={channel.id} channel={channel} onChanged={onChanged} />}
    </Drawer>
  );
}
