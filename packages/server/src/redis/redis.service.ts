import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/**
 * The Redis connections of this process, when REDIS_URL is set. `client` serves ordinary commands;
 * `connect()` opens a dedicated connection (subscribers and BullMQ need their own).
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly connections: Redis[] = [];
  private shared?: Redis;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get enabled(): boolean {
    return Boolean(this.config.redisUrl);
  }

  /** Key prefix that keeps several deployments (or test files) apart on one Redis. */
  get prefix(): string {
    return this.config.redisPrefix;
  }

  get client(): Redis {
    this.shared ??= this.connect();
    return this.shared;
  }

  connect(options: { forBullMq?: boolean; keyPrefix?: string } = {}): Redis {
    if (!this.config.redisUrl) throw new Error('REDIS_URL is not set');
    const connection = new Redis(this.config.redisUrl, {
      // BullMQ requires blocking connections never to give up on a command.
      maxRetriesPerRequest: options.forBullMq ? null : 3,
      keyPrefix: options.keyPrefix,
    });
    this.connections.push(connection);
    return connection;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
  }
}
