import type { IncomingHttpHeaders } from 'node:http';
import { Injectable } from '@nestjs/common';
import { OptionsService } from '../../options/options.service';
import { RedisService } from '../../redis/redis.service';
import type { InboundFormatName } from '../inbound/inbound-format';
import type { Json } from '../json';
import { type AffinitySession, type Binding, type BindingStore, sameTarget, sessionName } from './binding';
import { MemoryBindings } from './memory-bindings';
import { RedisBindings } from './redis-bindings';
import { identityHash, sessionIdentity } from './session-identity';

/**
 * Sticky routing (DESIGN.md §5.9): the channel and key that last served a client session, kept
 * for ChannelAffinityTTL seconds per user, model and hash of the session's identity. One read per
 * request that names a session (with Redis, answered from a copy of at most BINDING_COPY_MS while
 * one is kept: redis-bindings.ts); a write only when the binding is new, changed, or past half its
 * TTL (then it is renewed), so that a busy session costs no write per request. Bindings live in
 * Redis when REDIS_URL is set (every instance honours them), else in memory.
 */
@Injectable()
export class ChannelAffinity {
  private readonly store: BindingStore;

  constructor(
    private readonly options: OptionsService,
    redis: RedisService,
  ) {
    this.store = redis.enabled ? new RedisBindings(redis) : new MemoryBindings();
  }

  /**
   * The session a request names, when affinity is on: its identity (session-identity.ts), else
   * with ChannelAffinityByTokenEnabled its token.
   */
  sessionOf(format: InboundFormatName, body: Json, headers: IncomingHttpHeaders, caller: { userId: number; tokenId: number }, model: string): AffinitySession | undefined {
    if (!this.options.getBoolean('ChannelAffinityEnabled')) return undefined;
    const identity = sessionIdentity(format, body, headers) ?? (this.options.getBoolean('ChannelAffinityByTokenEnabled') && caller.tokenId > 0 ? `token:${caller.tokenId}` : undefined);
    return identity === undefined ? undefined : { userId: caller.userId, model, hash: identityHash(identity) };
  }

  private ttlMs(): number {
    return Math.max(1, this.options.getNumber('ChannelAffinityTTL')) * 1000;
  }

  /** The session's binding; none while the store cannot be read. */
  lookup(session: AffinitySession): Promise<Binding | undefined> {
    return this.store.get(sessionName(session), this.ttlMs());
  }

  /**
   * `served` answered the session: written when there was no binding, when it named another
   * channel or key, or when half its TTL has passed. Not awaited by the relay: the command is sent
   * (in order, on the shared connection) before the answer's first byte, and a failed write only
   * costs the next request its binding.
   */
  bind(session: AffinitySession, previous: Binding | undefined, served: { channelId: number; keyId: number }): Promise<void> {
    const now = Date.now();
    const ttlMs = this.ttlMs();
    if (previous && sameTarget(previous, served) && now - previous.boundAt < ttlMs / 2) return Promise.resolve();
    return this.store.set(sessionName(session), { ...served, boundAt: now }, previous, ttlMs);
  }

  /** The binding names a channel or key that can no longer serve (disabled, deleted, dead): dropped. */
  drop(session: AffinitySession, binding: Binding): Promise<void> {
    return this.store.drop(sessionName(session), binding);
  }

  /** Bound sessions per channel id, for the channel list. */
  async counts(): Promise<Record<number, number>> {
    return Object.fromEntries(await this.store.counts());
  }

  /** 清除绑定: the channel's sessions choose afresh on their next request. */
  clear(channelId: number): Promise<number> {
    return this.store.clear(channelId);
  }
}
