import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/app-config';

/**
 * The Redis connections of this process, when REDIS_URL is set. `client` serves ordinary commands;
 * `connect()` opens a dedicated connection (subscribers and BullMQ need their own).
 *
 * Redis may go away and come back while the process runs (a restart, a failover): every connection
 * reconnects by itself, and meanwhile the callers of `orMemory` use their in-memory counterpart,
 * the one they use without REDIS_URL (docs/scaling.md, "When Redis is down").
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisService.name);
  private readonly connections: Redis[] = [];
  private shared?: Redis;
  /** Redis could not be reached and has not answered since: its failure was logged once. */
  private outage = false;

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

  /** Whether commands on `connection` (the shared client by default) would be sent now rather than queued until a reconnect. */
  isUp(connection?: Redis): boolean {
    return this.enabled && (connection ?? this.client).status === 'ready';
  }

  /**
   * `work` on Redis while it is up; otherwise at once `fallback`, the caller's in-memory
   * counterpart (as without REDIS_URL), so that an outage costs no request a wait or an error. A
   * command that fails because Redis went away meanwhile falls back too; any other failure is
   * logged, and falls back as well (a counter is never worth a failed request).
   */
  async orMemory<T>(work: (client: Redis) => Promise<T>, fallback: () => T | Promise<T>, connection?: Redis): Promise<T> {
    const target = connection ?? (this.enabled ? this.client : undefined);
    if (!target || !this.isUp(target)) return fallback();
    try {
      return await work(target);
    } catch (error) {
      if (this.isUp(target)) this.logger.warn(`A Redis command failed, counted in memory instead: ${error instanceof Error ? error.message : String(error)}`);
      return fallback();
    }
  }

  connect(options: { forBullMq?: boolean; keyPrefix?: string } = {}): Redis {
    if (!this.config.redisUrl) throw new Error('REDIS_URL is not set');
    const connection = new Redis(this.config.redisUrl, {
      // BullMQ requires blocking connections never to give up on a command.
      maxRetriesPerRequest: options.forBullMq ? null : 3,
      keyPrefix: options.keyPrefix,
    });
    // Every reconnection attempt of every connection reports an error: one line per outage is enough.
    connection.on('error', (error: Error) => this.noteOutage(error));
    connection.on('ready', () => this.noteBack());
    this.connections.push(connection);
    return connection;
  }

  /** A connection failed: logged once until Redis answers again. BullMQ's objects report theirs here too. */
  noteOutage(error: Error): void {
    if (this.outage) return;
    this.outage = true;
    this.logger.error(`Redis is unreachable (${error.message}): rate limits count in memory and queued jobs wait until it is back`);
  }

  private noteBack(): void {
    if (!this.outage) return;
    this.outage = false;
    this.logger.log('Redis is reachable again');
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.quit().catch(() => connection.disconnect())));
  }
}
