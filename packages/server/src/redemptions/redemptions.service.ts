import { REDEMPTION_NEVER_EXPIRES, REDEMPTION_STATUS } from '@gw/shared';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import type { AuditActor } from '../audit/audit-actor';
import { AuditLog } from '../audit/audit-log.service';
import { hashToken } from '../auth/hash-token';
import { BusinessError } from '../common/business.error';
import { containsPattern } from '../common/contains-pattern';
import { INT4_MAX } from '../common/int-range';
import { listPage, requestedPage } from '../common/paging';
import { nowSeconds } from '../common/time';
import { SecretBox } from '../crypto/secret-box';
import { withFreshKey } from '../tokens/token-key';
import type { UserEntity } from '../users/user.entity';
import type { CreateRedemptionDto } from './dto/create-redemption.dto';
import type { ListRedemptionsQuery, SearchRedemptionsQuery } from './dto/list-redemptions.query';
import { MSG_REDEMPTION_NOT_FOUND } from './dto/redemption-fields.rules';
import type { UpdateRedemptionStatusDto } from './dto/update-redemption-status.dto';
import type { UpdateRedemptionDto } from './dto/update-redemption.dto';
import { generateRedemptionCode } from './redemption-code';
import { RedemptionEntity } from './redemption.entity';
import { RedemptionPage, RedemptionView, toRedemptionView } from './redemption.view';

const MSG_EXPIRY_PAST = '过期时间不能早于当前时间';
const MSG_EDIT_USED = '兑换码已被使用，不能编辑';
const MSG_EDIT_DISABLED = '兑换码已禁用，请先启用再编辑';
const MSG_TOGGLE_USED = '兑换码已被使用，不能启用或禁用';

/**
 * Redemption codes for administrators (spec 2 "Redemption code page"): any administrator manages
 * every code, whoever created it. A code is redeemed by RedeemService; here it is only created,
 * edited while unused, enabled or disabled while not used, and deleted.
 */
@Injectable()
export class RedemptionsService {
  private readonly logger = new Logger(RedemptionsService.name);

  constructor(
    @InjectRepository(RedemptionEntity) private readonly codes: Repository<RedemptionEntity>,
    private readonly secrets: SecretBox,
    private readonly audit: AuditLog,
  ) {}

  /** One page of all codes, newest first. */
  async list(query: ListRedemptionsQuery): Promise<RedemptionPage> {
    const wanted = requestedPage(query);
    return listPage(await this.codes.findAndCount({ order: { id: 'DESC' }, skip: wanted.skip, take: wanted.take }), wanted, (row) => this.view(row));
  }

  /** One page of the codes whose id is the keyword or whose name contains it, newest first. */
  async search(query: SearchRedemptionsQuery): Promise<RedemptionPage> {
    const builder = this.codes.createQueryBuilder('code').orderBy('code.id', 'DESC');
    const keyword = query.keyword?.trim();
    if (keyword) {
      const id = /^\d{1,10}$/.test(keyword) && Number(keyword) <= INT4_MAX ? Number(keyword) : 0;
      builder.andWhere('(code.id = :id OR code.name ILIKE :pattern)', { id, pattern: containsPattern(keyword) });
    }
    const wanted = requestedPage(query);
    return listPage(await builder.skip(wanted.skip).take(wanted.take).getManyAndCount(), wanted, (row) => this.view(row));
  }

  async get(id: number): Promise<RedemptionView> {
    const code = await this.codes.findOneBy({ id });
    if (!code) throw new BusinessError(MSG_REDEMPTION_NOT_FOUND);
    return this.view(code);
  }

  /** Creates `count` unused codes in one transaction and answers them (the only time they are listed together). */
  async create(creator: UserEntity, dto: CreateRedemptionDto, auditor?: AuditActor): Promise<string[]> {
    const now = nowSeconds();
    const expiredTime = dto.expired_time ?? REDEMPTION_NEVER_EXPIRES;
    this.checkExpiry(expiredTime, now);
    const row = {
      creator_id: creator.id,
      name: dto.name,
      status: REDEMPTION_STATUS.UNUSED,
      quota: dto.quota,
      created_time: now,
      redeemed_time: 0,
      used_user_id: 0,
      expired_time: expiredTime,
    };
    return this.codes.manager.transaction(async (manager) => {
      const created: string[] = [];
      for (let index = 0; index < (dto.count ?? 1); index++) created.push(await this.insert(manager, row));
      if (auditor) {
        const ids = await manager.find(RedemptionEntity, { where: { key_hash: In(created.map((key) => hashToken(key))) }, select: { id: true }, order: { id: 'ASC' } });
        const { name, quota, status, expired_time } = row;
        for (const { id } of ids) await this.audit.record(auditor, 'redemption.create', { type: 'redemption', id }, {}, { name, quota, status, expired_time }, { manager });
      }
      return created;
    });
  }

  /** Edits a code while it is unused; locked meanwhile, so a redemption at the same moment credits the quota saved. */
  async update(dto: UpdateRedemptionDto, auditor?: AuditActor): Promise<RedemptionView> {
    const now = nowSeconds();
    return this.codes.manager.transaction(async (manager) => {
      const code = await this.lock(manager, dto.id);
      if (code.status === REDEMPTION_STATUS.USED) throw new BusinessError(MSG_EDIT_USED);
      if (code.status === REDEMPTION_STATUS.DISABLED) throw new BusinessError(MSG_EDIT_DISABLED);
      const fields = { name: dto.name, quota: dto.quota ?? code.quota, expired_time: dto.expired_time ?? code.expired_time };
      // An expiry already past may stay while other fields change; a new one must lie ahead.
      if (fields.expired_time !== code.expired_time) this.checkExpiry(fields.expired_time, now);
      await manager.update(RedemptionEntity, { id: code.id }, fields);
      if (auditor) await this.audit.record(auditor, 'redemption.update', { type: 'redemption', id: code.id }, auditFields(code), auditFields({ ...code, ...fields }), { manager });
      return this.view({ ...code, ...fields });
    });
  }

  /** Enables or disables a code; a used one keeps its status. */
  async updateStatus(dto: UpdateRedemptionStatusDto, auditor?: AuditActor): Promise<RedemptionView> {
    return this.codes.manager.transaction(async (manager) => {
      const code = await this.lock(manager, dto.id);
      if (code.status === REDEMPTION_STATUS.USED) throw new BusinessError(MSG_TOGGLE_USED);
      await manager.update(RedemptionEntity, { id: code.id }, { status: dto.status });
      if (auditor) await this.audit.record(auditor, 'redemption.update', { type: 'redemption', id: code.id }, { status: code.status }, { status: dto.status }, { manager });
      return this.view({ ...code, status: dto.status });
    });
  }

  /** Deletes a code for good, used or not. */
  async remove(id: number, auditor?: AuditActor): Promise<void> {
    await this.codes.manager.transaction(async (manager) => {
      const code = await this.lock(manager, id);
      await manager.delete(RedemptionEntity, { id });
      if (auditor) await this.audit.record(auditor, 'redemption.delete', { type: 'redemption', id }, auditFields(code), {}, { manager });
    });
  }

  private checkExpiry(expiredTime: number, now: number): void {
    if (expiredTime !== REDEMPTION_NEVER_EXPIRES && expiredTime <= now) throw new BusinessError(MSG_EXPIRY_PAST);
  }

  private async lock(manager: EntityManager, id: number): Promise<RedemptionEntity> {
    const code = await manager.findOne(RedemptionEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!code) throw new BusinessError(MSG_REDEMPTION_NOT_FOUND);
    return code;
  }

  /** Inserts a code under a fresh key and answers the key; a key whose hash is taken is skipped (ON CONFLICT DO NOTHING). */
  private insert(manager: EntityManager, row: Omit<RedemptionEntity, 'id' | 'key_hash' | 'key_sealed'>): Promise<string> {
    return withFreshKey(async (key) => {
      const values = manager.create(RedemptionEntity, { ...row, key_hash: hashToken(key), key_sealed: this.secrets.seal(key) });
      const result = await manager.createQueryBuilder().insert().into(RedemptionEntity).values(values).orIgnore().returning(['id']).updateEntity(false).execute();
      return (result.raw as unknown[]).length > 0 ? key : undefined;
    }, generateRedemptionCode);
  }

  /** A code sealed under another CRYPTO_SECRET cannot be shown; the list still loads. */
  private view(code: RedemptionEntity): RedemptionView {
    try {
      return toRedemptionView(code, this.secrets.open(code.key_sealed));
    } catch {
      this.logger.error(`Redemption code ${code.id} cannot be decrypted with the current CRYPTO_SECRET`);
      return toRedemptionView(code, '');
    }
  }
}

/** A code's fields as the audit log keeps them: never the code, its hash or its sealed form. */
function auditFields({ key_hash: _hash, key_sealed: _sealed, ...fields }: RedemptionEntity): Omit<RedemptionEntity, 'key_hash' | 'key_sealed'> {
  return fields;
}
