import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { LogEntity } from './log.entity';

export type NewLog = Omit<LogEntity, 'id'>;

const FLUSH_EVERY_MS = 200;
const MAX_BATCH = 500;

/**
 * Writes usage logs off the hot path (DESIGN.md §5.7): rows queue in memory and go to the
 * database in multi-row inserts; shutdown flushes what is left, so a graceful stop loses none.
 */
@Injectable()
export class LogWriterService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(LogWriterService.name);
  private queue: NewLog[] = [];
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(@InjectRepository(LogEntity) private readonly logs: Repository<LogEntity>) {}

  write(log: NewLog): void {
    this.queue.push(log);
    if (this.queue.length >= MAX_BATCH) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_EVERY_MS);
  }

  /** Writes everything queued so far; resolves when it is in the database. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    this.flushing = this.flushing.then(async () => {
      for (let start = 0; start < batch.length; start += MAX_BATCH) {
        const slice = batch.slice(start, start + MAX_BATCH);
        try {
          await this.logs.insert(slice);
        } catch (error) {
          this.logger.error(`Could not write ${slice.length} log row(s): ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    });
    return this.flushing;
  }

  // Before the database pool closes (onApplicationShutdown).
  async beforeApplicationShutdown(): Promise<void> {
    await this.flush();
  }
}
