import type { Channel, ChannelTagRow } from '@/api/channels';

/** What a table row asks the page to do (getColumns(onAction)). */
export type ChannelAction =
  | { kind: 'toggle' | 'edit' | 'copy' | 'delete'; channel: Channel }
  | { kind: 'priority' | 'weight'; channel: Channel; value: number }
  | { kind: 'tag-enable' | 'tag-disable' | 'tag-edit'; row: ChannelTagRow }
  | { kind: 'tag-priority' | 'tag-weight'; row: ChannelTagRow; value: number };

export type OnChannelAction = (action: ChannelAction) => void;
