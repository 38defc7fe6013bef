import { MSG_PLAN_DAYS_INVALID, MSG_PLAN_GROUP_UNKNOWN, MSG_PLAN_NO_PRICE, MSG_PLAN_NOT_FOUND, type PlanView, planPriceCents } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, IsNull } from 'typeorm';
import type { AuditActor } from '../audit/audit-actor';
import { AuditLog } from '../audit/audit-log.service';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import type { PlanDto } from './dto/plan.dto';
import { PlanEntity } from './plan.entity';
import { toPlanView } from './plan.view';

type PlanFields = Omit<PlanEntity, 'id' | 'created_at' | 'updated_at' | 'deleted_at'>;

/**
 * Subscription plans (issue 34): a super administrator's catalogue, and what users may buy. Every
 * change is written to the audit log in its transaction.
 */
@Injectable()
export class PlansService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly options: OptionsService,
    private readonly audit: AuditLog,
  ) {}

  /** Every plan not deleted, for 套餐管理. */
  async list(): Promise<PlanView[]> {
    const rows = await this.dataSource.getRepository(PlanEntity).find({ where: { deleted_at: IsNull() }, order: { sort: 'ASC', id: 'ASC' } });
    return rows.map(toPlanView);
  }

  /** The plans on sale, for the wallet page. */
  async onSale(): Promise<PlanView[]> {
    const rows = await this.dataSource.getRepository(PlanEntity).find({ where: { deleted_at: IsNull(), enabled: true }, order: { sort: 'ASC', id: 'ASC' } });
    return rows.map(toPlanView);
  }

  async create(dto: PlanDto, auditor: AuditActor): Promise<PlanView> {
    const fields = this.fieldsOf(dto);
    return this.dataSource.transaction(async (manager) => {
      const now = nowSeconds();
      const row = await manager.save(manager.create(PlanEntity, { ...fields, created_at: now, updated_at: now, deleted_at: null }));
      await this.audit.record(auditor, 'plan.create', { type: 'plan', id: row.id }, {}, fields, { manager });
      return toPlanView(row);
    });
  }

  /** Replaces every field of the plan; subscriptions already bought keep what they bought. */
  async update(id: number, dto: PlanDto, auditor: AuditActor): Promise<PlanView> {
    const fields = this.fieldsOf(dto);
    return this.dataSource.transaction(async (manager) => {
      const row = await this.locked(manager, id);
      const before = auditFields(row);
      Object.assign(row, fields, { updated_at: nowSeconds() });
      await manager.save(row);
      await this.audit.record(auditor, 'plan.update', { type: 'plan', id }, before, fields, { manager });
      return toPlanView(row);
    });
  }

  /** Puts the plan on or off sale; its other fields are not checked again (its group may be gone since). */
  async setEnabled(id: number, enabled: boolean, auditor: AuditActor): Promise<PlanView> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.locked(manager, id);
      const before = row.enabled;
      row.enabled = enabled;
      row.updated_at = nowSeconds();
      await manager.save(row);
      await this.audit.record(auditor, 'plan.update', { type: 'plan', id }, { enabled: before }, { enabled }, { manager });
      return toPlanView(row);
    });
  }

  /** Takes the plan off sale for good; it stays in the table for the subscriptions that name it. */
  async remove(id: number, auditor: AuditActor): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const row = await this.locked(manager, id);
      await manager.update(PlanEntity, { id }, { deleted_at: nowSeconds(), enabled: false });
      await this.audit.record(auditor, 'plan.delete', { type: 'plan', id }, auditFields(row), {}, { manager });
    });
  }

  private async locked(manager: EntityManager, id: number): Promise<PlanEntity> {
    const row = await manager.findOne(PlanEntity, { where: { id, deleted_at: IsNull() }, lock: { mode: 'pessimistic_write' } });
    if (!row) throw new BusinessError(MSG_PLAN_NOT_FOUND);
    return row;
  }

  /** The checked fields of a plan: one price at least, a length for a period of days, a group that exists. */
  private fieldsOf(dto: PlanDto): PlanFields {
    const priceCnyCents = planPriceCents(dto.price_cny) ?? 0;
    const priceUsdCents = planPriceCents(dto.price_usd) ?? 0;
    if (priceCnyCents === 0 && priceUsdCents === 0) throw new BusinessError(MSG_PLAN_NO_PRICE);
    const periodDays = dto.period === 'days' ? (dto.period_days ?? 0) : 0;
    if (dto.period === 'days' && periodDays < 1) throw new BusinessError(MSG_PLAN_DAYS_INVALID);
    const group = dto.group ?? '';
    if (group !== '' && !Object.hasOwn(this.options.getJson<Record<string, number>>('GroupRatio'), group)) {
      throw new BusinessError(MSG_PLAN_GROUP_UNKNOWN(group));
    }
    return {
      name: dto.name,
      description: dto.description ?? '',
      price_cny_cents: priceCnyCents,
      price_usd_cents: priceUsdCents,
      period: dto.period,
      period_days: periodDays,
      quota: dto.quota,
      group,
      limit_per_user: dto.limit_per_user ?? 0,
      enabled: dto.enabled ?? true,
      sort: dto.sort ?? 0,
    };
  }
}

const auditFields = ({ id: _id, created_at: _created, updated_at: _updated, deleted_at: _deleted, ...fields }: PlanEntity): PlanFields => fields;
