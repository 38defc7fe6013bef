import { EventEmitter } from 'node:events';
import { Injectable, OnModuleDestroy } from '@nestjs/common';
import type Redis from 'ioredis';
import { RedisService } from '../redis/redis.service';

type Handler = (message: string) => void;

/**
 * Messages every instance of the deployment receives at once (DESIGN.md §7): Redis pub/sub when
 * REDIS_URL is set, an in-process emitter otherwise (one instance, nothing to tell).
 */
@Injectable()
export class ClusterBus implements OnModuleDestroy {
  private readonly local = new EventEmitter();
  private subscriber?: Redis;

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
    await this.redis.client.publish(this.channel(name), message);
  }

  async subscribe(name: string, handler: Handler): Promise<void> {
    if (!this.redis.enabled) {
      this.local.on(name, handler);
      return;
    }
    if (!this.subscriber) {
      this.subscriber = this.redis.connect();
      this.subscriber.on('message', (channel: string, message: string) => this.local.emit(channel, message));
    }
    this.local.on(this.channel(name), handler);
    await this.subscriber.subscribe(this.channel(name));
  }

  onModuleDestroy(): void {
    this.local.removeAllListeners();
  }
}
