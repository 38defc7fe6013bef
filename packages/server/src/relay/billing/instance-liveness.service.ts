import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { nowSeconds } from '../../common/time';
import { PoolDb } from '../../database/pool-db';


/**
 * The owner recorded on async tasks' reservations (quota_reservations.instance_id, numbered by task
 * id; migration 1765598400000-async-tasks). No process is ever called this, so no instance
 * recovery gives them back.
 */
export const TASK_RESERVATIONS = 'tasks';

/** The class id of the advisory locks that say "this instance is alive" (objid: its lock_key). */
const LIVENESS_LOCK_CLASS = 7_310_001;
/** How often every instance looks for dead ones (besides once at start). */
const SWEEP_EVERY_MS = 15_000;

export interface Recovered {
  instanceId: string;
  refundedReservations: number;
  refundedQuota: number;
  droppedHolds: number;
}

/**
 * Knows which API instances are alive, so that what a dead one reserved is given back
 * (DESIGN.md §5.6). Each instance registers in `gateway_instances` and holds a session advisory
 * lock on its `lock_key` over a connection of its own for as long as it lives; PostgreSQL drops
 * the lock the moment that connection dies with the process. Another instance that can take the
 * lock therefore knows for certain that the owner is dead, with no timeout to wait out, and
 * recovers it while holding the lock (so two sweepers never recover the same instance at once;
 * the recovery deletes what it gives back, so a second one finds nothing).
 *
 * Embedded (PGlite) there is only ever one process: every other registered instance is dead.
 */
@Injectable()
export class InstanceLiveness implements OnModuleInit {
  private readonly logger = new Logger(InstanceLiveness.name);
  readonly instanceId = `${hostname().slice(0, 40)}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private lockClient?: Client;
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<Recovered[]>;
  private retired = false;
  private readonly afterRecovery: Array<() => Promise<unknown>> = [];

  constructor(
    private readonly db: PoolDb,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Registered (and locked) before the application serves anything, then one sweep: a restart recovers what the killed process left. */
  async onModuleInit(): Promise<void> {
    await this.register();
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  /** Finds dead instances and recovers each: reservations refunded, holds dropped. */
  sweep(): Promise<Recovered[]> {
    this.sweeping ??= this.sweepOnce().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  /**
   * Adds what another module ends after each sweep, once dead instances are recovered (their
   * registrations gone): what it left in that module's own tables under an instance id no longer
   * in gateway_instances (the compare chat's answers). It must be idempotent: every instance
   * sweeps.
   */
  afterSweep(step: () => Promise<unknown>): void {
    this.afterRecovery.push(step);
  }

  /**
   * Whether `instanceId` is alive, known as the sweep knows it (its liveness lock is held). A dead
   * one is left for the sweep to recover. When this instance cannot tell (its own lock connection
   * lost) it answers alive: nothing is taken from an instance that may be living.
   */
  async isAlive(instanceId: string): Promise<boolean> {
    if (instanceId === this.instanceId) return true;
    const [other]: Array<{ lock_key: number }> = await this.db.query('SELECT lock_key FROM gateway_instances WHERE instance_id = $1', [instanceId]);
    if (!other) return false;
    if (!this.config.databaseUrl) return false; // embedded: this is the only process
    const client = this.lockClient;
    if (!client || !(await this.lockIfDead(client, other.lock_key))) return true;
    await this.unlock(client, other.lock_key);
    return false;
  }

  /**
   * This instance stops: whatever it still has reserved is given back and its registration goes.
   * Called by the ledger after its last write-back.
   */
  async retire(): Promise<void> {
    this.retired = true;
    if (this.timer) clearInterval(this.timer);
    await this.sweeping;
    await this.recover(this.instanceId);
    const client = this.lockClient;
    this.lockClient = undefined;
    await client?.end().catch(() => undefined);
  }

  private async sweepOnce(): Promise<Recovered[]> {
    const recovered: Recovered[] = [];
    // Without its own lock this instance cannot tell the living from the dead: it waits until it registered again.
    if (this.config.databaseUrl && !this.lockClient) return recovered;
    try {
      const others: Array<{ instance_id: string; lock_key: number }> = await this.db.query('SELECT instance_id, lock_key FROM gateway_instances WHERE instance_id <> $1', [this.instanceId]);
      for (const other of others) {
        const result = await this.recoverIfDead(other.instance_id, other.lock_key);
        if (result) recovered.push(result);
      }
      // A killed process's database session may still commit a reservation it had sent after its
      // instance was recovered: left under no registered instance, it is recovered here.
      // Async tasks' reservations belong to no instance (TASK_RESERVATIONS): only their task's end settles or refunds them.
      const orphans: Array<{ instance_id: string }> = await this.db.query(
        `SELECT instance_id FROM quota_reservations WHERE instance_id NOT IN (SELECT instance_id FROM gateway_instances) AND instance_id <> $1
          UNION SELECT instance_id FROM quota_holds WHERE instance_id NOT IN (SELECT instance_id FROM gateway_instances)`,
        [TASK_RESERVATIONS],
      );
      for (const orphan of orphans) if (orphan.instance_id !== this.instanceId) recovered.push(await this.recover(orphan.instance_id));
    } catch (error) {
      this.logger.error(`Could not look for dead instances: ${error instanceof Error ? error.message : String(error)}`);
    }
    for (const item of recovered) {
      if (item.refundedReservations > 0 || item.droppedHolds > 0) {
        this.logger.warn(`Instance ${item.instanceId} is gone: gave back ${item.refundedReservations} reservation(s) (${item.refundedQuota} quota), dropped ${item.droppedHolds} hold(s)`);
      }
    }
    for (const step of this.afterRecovery) {
      await step().catch((error: unknown) => this.logger.error(`Could not end what dead instances left: ${error instanceof Error ? error.message : String(error)}`));
    }
    return recovered;
  }

  private async recoverIfDead(instanceId: string, lockKey: number): Promise<Recovered | undefined> {
    const client = this.lockClient;
    if (!client) return this.recover(instanceId); // embedded: this is the only process
    if (!(await this.lockIfDead(client, lockKey))) return undefined; // alive
    try {
      return await this.recover(instanceId);
    } finally {
      await this.unlock(client, lockKey);
    }
  }

  /** Takes another instance's liveness lock on this one's lock connection: true when its owner is dead. */
  private async lockIfDead(client: Client, lockKey: number): Promise<boolean> {
    const [{ got }] = (await client.query('SELECT pg_try_advisory_lock($1, $2) AS got', [LIVENESS_LOCK_CLASS, lockKey])).rows as Array<{ got: boolean }>;
    return got;
  }

  private async unlock(client: Client, lockKey: number): Promise<void> {
    await client.query('SELECT pg_advisory_unlock($1, $2)', [LIVENESS_LOCK_CLASS, lockKey]);
  }

  private async recover(instanceId: string): Promise<Recovered> {
    const [row]: Array<{ refunded_reservations: number; refunded_quota: string; dropped_holds: number }> = await this.db.query('SELECT * FROM gw_recover_instance($1)', [instanceId]);
    return { instanceId, refundedReservations: row.refunded_reservations, refundedQuota: Number(row.refunded_quota), droppedHolds: row.dropped_holds };
  }

  /**
   * Registers this instance and takes its liveness lock. When the lock's connection is lost the
   * instance registers again: meanwhile another may have taken it for dead and recovered it, which
   * the ledger copes with (a settlement whose reservation is gone charges the whole cost).
   */
  private async register(): Promise<void> {
    if (!this.config.databaseUrl) {
      await this.db.query('INSERT INTO gateway_instances (instance_id, started_at) VALUES ($1, $2) ON CONFLICT (instance_id) DO NOTHING', [this.instanceId, nowSeconds()]);
      return;
    }
    const client = new Client({ connectionString: this.config.databaseUrl, application_name: `gw-liveness ${this.instanceId}` });
    client.on('error', (error) => this.lost(client, error));
    try {
      await client.connect();
      await this.lockOn(client);
    } catch (error) {
      // Not this instance's lock connection: the next try opens a new one.
      await client.end().catch(() => undefined);
      throw error;
    }
    this.lockClient = client;
  }

  /** Registers this instance over `client` and takes its liveness lock on that connection. */
  private async lockOn(client: Client): Promise<void> {
    for (;;) {
      const inserted = await client.query(
        `INSERT INTO gateway_instances (instance_id, started_at) VALUES ($1, $2)
           ON CONFLICT (instance_id) DO UPDATE SET started_at = gateway_instances.started_at RETURNING lock_key`,
        [this.instanceId, nowSeconds()],
      );
      const lockKey = (inserted.rows[0] as { lock_key: number }).lock_key;
      await client.query('SELECT pg_advisory_lock($1, $2)', [LIVENESS_LOCK_CLASS, lockKey]);
      // A sweeper may have taken the row for dead between the insert and the lock: then again.
      const still = await client.query('SELECT 1 FROM gateway_instances WHERE instance_id = $1 AND lock_key = $2', [this.instanceId, lockKey]);
      if (still.rowCount === 1) break;
      await client.query('SELECT pg_advisory_unlock($1, $2)', [LIVENESS_LOCK_CLASS, lockKey]);
    }
  }

  private lost(client: Client, error: Error): void {
    if (this.retired || client !== this.lockClient) return;
    this.lockClient = undefined;
    this.logger.error(`Lost the liveness connection (${error.message}); registering again`);
    void client.end().catch(() => undefined);
    let failures = 0;
    const again = () =>
      this.register().then(
        () => {
          if (failures > 0) this.logger.log(`Registered again after ${failures} failed tries`);
        },
        (failure: unknown) => {
          // Tried every second while the database is unreachable: logged once.
          if (failures++ === 0) this.logger.error(`Could not register again (trying every second): ${failure instanceof Error ? failure.message : String(failure)}`);
          if (!this.retired) setTimeout(again, 1000).unref();
        },
      );
    void again();
  }
}
