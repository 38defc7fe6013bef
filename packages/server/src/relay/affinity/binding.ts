/**
 * One session's binding (DESIGN.md §5.9): the channel and key that served it last, and when the
 * binding was written (ms), from which a reader tells whether half its TTL has passed.
 */
export interface Binding {
  channelId: number;
  /** channel_keys.id of a multi-key channel's key; 0 for a single-key channel. */
  keyId: number;
  boundAt: number;
}

/** Whose session a binding belongs to: the user, the requested model and the identity's hash. */
export interface AffinitySession {
  userId: number;
  model: string;
  hash: string;
}

/** The name of a session's binding, unique per user, model and identity: `<user>:<model>:<hash>`. */
export const sessionName = (session: AffinitySession): string => `${session.userId}:${session.model}:${session.hash}`;

/** A binding as stored: `<channel>:<key>:<bound at>`. */
export const encodeBinding = (binding: Binding): string => `${binding.channelId}:${binding.keyId}:${binding.boundAt}`;

export function decodeBinding(stored: string | null | undefined): Binding | undefined {
  if (!stored) return undefined;
  const [channelId, keyId, boundAt] = stored.split(':').map(Number);
  return Number.isInteger(channelId) && channelId > 0 && Number.isInteger(keyId) && Number.isFinite(boundAt) ? { channelId, keyId, boundAt } : undefined;
}

/** The same channel and key. */
export const sameTarget = (a: Pick<Binding, 'channelId' | 'keyId'>, b: Pick<Binding, 'channelId' | 'keyId'>): boolean => a.channelId === b.channelId && a.keyId === b.keyId;

/**
 * Where bindings live: Redis (every instance shares them) or this process's memory (embedded).
 * Reads and writes of the relay never throw; counts and clear are the console's.
 */
export interface BindingStore {
  /** `ttlMs`: the TTL bindings are written with now (a store that keeps copies keeps none past it). */
  get(name: string, ttlMs: number): Promise<Binding | undefined>;
  /** Writes `binding` for `ttlMs`; `previous` (the binding read before, if any) is moved out of its channel's index. */
  set(name: string, binding: Binding, previous: Binding | undefined, ttlMs: number): Promise<void>;
  /** Drops the binding if it is still `binding` (a concurrent request may have written another). */
  drop(name: string, binding: Binding): Promise<void>;
  /** Live bindings per channel id (channels with none are left out). */
  counts(): Promise<Map<number, number>>;
  /** Drops every binding of the channel; answers how many. */
  clear(channelId: number): Promise<number>;
}
