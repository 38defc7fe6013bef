import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import type Redis from 'ioredis';
import { RedisService } from '../redis/redis.service';

type Handler = (message: string) => void;

/** Each published message starts with its sender's origin id (hex, this long) and a colon. */
const ORIGIN_LENGTH = 12;

/**
 * Messages every instance of the deployment receives at once (DESIGN.md §7): Redis pub/sub when
 * REDIS_URL is set, an in-process emitter otherwise (one instance, nothing to tell). The sending
 * instance hears its own message before publish returns, not when Redis echoes it back (which it
 * ignores): a change an instance made is in its caches by the time it answers the request.
 */
@Injectable()
export class ClusterBus implements OnModuleDestroy {
  private readonly local = new EventEmitter();
  private readonly origin = randomBytes(ORIGIN_LENGTH / 2).toString('hex');
  private subscriber?: Redis;
  private readonly reconnectListeners: Array<() => void> = [];

  constructor(private readonly redis: RedisService) {
    this.local.setMaxListeners(100);
  }

  private channel(name: string): string {
    return `${this.redis.prefix}:bus:${name}`;
  }

  async publish(name: string, message: string): Promise<void> {
    if (!this.redis.enabled) {
      this.local.emit(name, message);
      return;
    }
    this.local.emit(this.channel(name), message);
    // While Redis is unreachable the other instances cannot be told: the change stands here, and
    // waiting for Redis would only fail the caller's request after its change was made.
    await this.redis.orMemory(
      async (client) => void (await client.publish(this.channel(name), `${this.origin}:${message}`)),
      () => undefined,
    );
  }

  /**
   * `listener` runs when this instance hears the bus again after Redis was unreachable: what was
   * published meanwhile never reached it, so whoever caches what the messages announce reads it
   * again. (ioredis subscribes again by itself on reconnecting.)
   */
  onReconnect(listener: () => void): void {
    this.reconnectListeners.push(listener);
  }

  async subscribe(name: string, handler: Handler): Promise<void> {
    if (!this.redis.enabled) {
      this.local.on(name, handler);
      return;
    }
    if (!this.subscriber) {
      this.subscriber = this.redis.connect();
      this.subscriber.on('message', (channel: string, raw: string) => {
        if (raw.startsWith(this.origin)) return; // heard already, when it was published
        this.local.emit(channel, raw.slice(ORIGIN_LENGTH + 1));
      });
      let connectedBefore = false;
      this.subscriber.on('ready', () => {
        if (connectedBefore) for (const listener of this.reconnectListeners) listener();
        connectedBefore = true;
      });
    }
    this.local.on(this.channel(name), handler);
    await this.subscriber.subscribe(this.channel(name));
  }

  onModuleDestroy(): void {
    this.local.removeAllListeners();
  }
}
