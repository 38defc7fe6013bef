import type { Channel, ChannelTagRow } from '@/api/channels';

/** What a table row asks the page to do (getColumns(onAction)). */
export type ChannelAction =
  | { kind: 'toggle' | 'edit' | 'copy' | 'delete' | 'balance' | 'keys' | 'clear-affinity'; channel: Channel }
  | { kind: 'test'; channel: Channel; model: string }
  | { kind: 'priority' | 'weight'; channel: Channel; value: number }
  | { kind: 'tag-enable' | 'tag-disable' | 'tag-edit'; row: ChannelTagRow }
  | { kind: 'tag-priority' | 'tag-weight'; row: ChannelTagRow; value: number };

/** Settles when the action is done, so that a row button can show it is busy meanwhile. */
export type OnChannelAction = (action: ChannelAction) => void | Promise<void>;
