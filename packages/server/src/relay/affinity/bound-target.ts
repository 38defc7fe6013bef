import type { Candidate } from '../channel-selector';
import type { RelayChannel, RelayKey } from '../relay-context';
import type { Binding } from './binding';

/** Where a binding may send a request now: its channel (and the multi-key channel's key). */
export interface BoundTarget {
  channelId: number;
  key?: RelayKey;
}

/**
 * What a session's binding is worth for this request (DESIGN.md §5.9): a target when its channel is
 * a candidate (enabled, serving the model to the caller's group) and, for a multi-key channel, its
 * key is ready on this instance; 'waiting' while that key only cools down (the binding stays, the
 * request chooses afresh); 'gone' when the channel or the key can no longer serve (disabled,
 * deleted, found dead, or the channel switched between single and multiple keys): the binding
 * is then dropped unless the request binds the session anew. The channel's own cooldown is left
 * to the draw (channel-selector.ts), which never honours a binding to a cooling channel.
 */
export function boundTarget(
  binding: Binding,
  candidates: readonly Candidate[],
  keyState: (channel: RelayChannel, keyId: number) => RelayKey | 'cooling' | undefined,
): BoundTarget | 'waiting' | 'gone' {
  const channel = candidates.find((candidate) => candidate.channel.id === binding.channelId)?.channel;
  if (!channel) return 'gone';
  if (!channel.multiKeyMode) return binding.keyId === 0 ? { channelId: channel.id } : 'gone';
  const key = keyState(channel, binding.keyId);
  if (key === undefined) return 'gone';
  return key === 'cooling' ? 'waiting' : { channelId: channel.id, key };
}
