import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request } from 'express';
import type { AuditAction, AuditLogPage, AuditLogView, AuditTargetType } from '@gw/shared';
import { EntityManager, Repository } from 'typeorm';
import { nowSeconds } from '../common/time';
import type { UserEntity } from '../users/user.entity';
import { auditActor, type AuditActor } from './audit-actor';
import { changedFields, hasChanges, type FieldChanges } from './audit-diff';
import { AuditLogEntity } from './audit-log.entity';
import type { ListAuditQuery } from './dto/list-audit.query';

export interface AuditTarget {
  type: AuditTargetType;
  id: string | number;
}

export interface RecordOptions {
  /** The transaction of the change: the row is written in it, so a failed audit write fails the change too. */
  manager?: EntityManager;
  /** Secret fields known to have changed though neither side holds their value (a channel's new key). */
  secretsChanged?: readonly string[];
  /** Write the row even when no field changed (a sign-in, a failed check). */
  always?: boolean;
}

/** Rows the retention job deletes per statement, so that a large backlog never holds one long lock. */
export const RETENTION_BATCH = 1000;
const DAY_SECONDS = 86_400;

/**
 * The audit log of administrative changes (issue 31). Append-only: this service only inserts and
 * reads; the one deletion is the retention of `deleteOlderThan`. `record` keeps only the fields
 * that changed, secrets as a marker (audit-diff.ts).
 *
 * A change made inside a transaction passes its manager: the row is part of it, and a failed audit
 * write rolls the change back. A change made without one is recorded right after it succeeded; if
 * that write fails, the entry is logged in full (it holds no secret) and the error reaches the
 * caller, whose request answers with an error, so that it is never lost silently.
 */
@Injectable()
export class AuditLog {
  private readonly logger = new Logger(AuditLog.name);

  constructor(@InjectRepository(AuditLogEntity) private readonly repository: Repository<AuditLogEntity>) {}

  /** Records one change of `target` by `actor`, from the whole objects before and after it (`{}` for a creation's before or a deletion's after). */
  async record(actor: AuditActor, action: AuditAction, target: AuditTarget, before: object = {}, after: object = {}, options: RecordOptions = {}): Promise<void> {
    const changes = changedFields(before, after, options.secretsChanged);
    if (!options.always && !hasChanges(changes)) return;
    await this.write(actor, action, target, changes, options.manager);
  }

  /**
   * Records an event that changes no field of its own (a sign-in, a failed code, a reset), by the
   * signed-in `user` of `request`, about `target` (the user themself unless given):
   * `await this.audit.recordEvent(user, request, 'admin.login')`.
   */
  async recordEvent(user: Pick<UserEntity, 'id' | 'username' | 'role'>, request: Pick<Request, 'ip'>, action: AuditAction, target: AuditTarget = { type: 'user', id: user.id }, details: object = {}): Promise<void> {
    await this.record(auditActor(user, request), action, target, {}, details, { always: true });
  }

  /** Records changes already reduced to their fields (several objects at once, a batch). */
  async recordChanges(actor: AuditActor, action: AuditAction, target: AuditTarget, changes: FieldChanges, manager?: EntityManager): Promise<void> {
    if (!hasChanges(changes)) return;
    await this.write(actor, action, target, changes, manager);
  }

  private async write(actor: AuditActor, action: AuditAction, target: AuditTarget, changes: FieldChanges, manager?: EntityManager): Promise<void> {
    const row: Omit<AuditLogEntity, 'id'> = {
      actor_id: actor.id,
      actor_name: actor.name.slice(0, 64),
      actor_role: actor.role,
      ip: actor.ip.slice(0, 64),
      action,
      target_type: target.type,
      target_id: String(target.id),
      before: changes.before,
      after: changes.after,
      created_at: nowSeconds(),
    };
    try {
      await (manager ?? this.repository.manager).insert(AuditLogEntity, row);
    } catch (error) {
      this.logger.error(`Audit entry could not be written: ${JSON.stringify(row)}: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  }

  /** A page of the log, newest first (`p` from 0, as every console list). */
  async list(query: ListAuditQuery, page: number, size: number): Promise<AuditLogPage> {
    const builder = this.repository.createQueryBuilder('a');
    if (query.actor_id !== undefined) builder.andWhere('a.actor_id = :actorId', { actorId: query.actor_id });
    if (query.action) builder.andWhere('a.action = :action', { action: query.action });
    if (query.target_type) builder.andWhere('a.target_type = :targetType', { targetType: query.target_type });
    if (query.target_id) builder.andWhere('a.target_id = :targetId', { targetId: query.target_id });
    if (query.start_timestamp) builder.andWhere('a.created_at >= :start', { start: query.start_timestamp });
    if (query.end_timestamp) builder.andWhere('a.created_at <= :end', { end: query.end_timestamp });
    const [rows, total] = await builder
      .orderBy('a.created_at', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .skip(page * size)
      .take(size)
      .getManyAndCount();
    return { items: rows.map(toView), total, page, page_size: size };
  }

  /** Deletes rows older than `days` days before `now`, in batches; returns how many. */
  async deleteOlderThan(days: number, now: number = nowSeconds()): Promise<number> {
    const cutoff = now - days * DAY_SECONDS;
    let removed = 0;
    for (;;) {
      const [{ count }]: Array<{ count: number }> = await this.repository.query(
        `WITH gone AS (
           DELETE FROM audit_logs WHERE id IN (SELECT id FROM audit_logs WHERE created_at < $1 ORDER BY id LIMIT $2) RETURNING 1
         ) SELECT count(*)::int AS count FROM gone`,
        [cutoff, RETENTION_BATCH],
      );
      removed += count;
      if (count < RETENTION_BATCH) return removed;
    }
  }
}

function toView(row: AuditLogEntity): AuditLogView {
  return {
    id: Number(row.id),
    actor_id: row.actor_id,
    actor_name: row.actor_name,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    before: row.before as Record<string, unknown>,
    after: row.after as Record<string, unknown>,
    ip: row.ip,
    created_at: row.created_at,
  };
}
