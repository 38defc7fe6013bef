import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { CHANNEL_STATUS, COST_RATIO_DEFAULT } from '@gw/shared';
import { EntityManager, FindOptionsWhere, In, Repository, SelectQueryBuilder } from 'typeorm';
import type { AuditActor } from '../audit/audit-actor';
import { changedFields } from '../audit/audit-diff';
import { AuditLog } from '../audit/audit-log.service';
import { ChannelCooldown } from '../channel-limits/channel-cooldown.service';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { SecretBox } from '../crypto/secret-box';
import { OptionsService } from '../options/options.service';
import { OutboundPolicy } from '../outbound/outbound-policy.service';
import { AbilitiesService } from './abilities.service';
import { ChannelEvents } from './channel-events';
import { ChannelEntity } from './channel.entity';
import { ChannelKeyStore, MSG_KEY_UNREADABLE } from './channel-key-store';
import { ChannelDraft, checkKeyFormat, checkStatusChange, MSG_CHANNEL_NOT_FOUND, MSG_NAME_AND_KEY, normalizeChannel, splitKeys } from './channel-rules';
import { ChannelView, TagRow, toChannelView, toTagRows } from './channel.view';
import { joinList, splitList } from './comma-list';
import type { ChannelFieldsDto } from './dto/channel-fields.dto';
import type { CreateChannelDto } from './dto/create-channel.dto';
import type { ListChannelsQuery, SearchChannelsQuery } from './dto/list-channels.query';
import type { EditTagDto } from './dto/tag.dto';
import type { UpdateChannelDto } from './dto/update-channel.dto';
import { enableChannelWithKeys } from './key-auto-disable';
import { isMultiKey, MSG_BACK_TO_SINGLE, MSG_MULTI_KEY_MODE_ALONE, splitMultiKeys } from './multi-key-rules';
import { fetchUpstreamModels } from './upstream-models';

const DEFAULT_DRAFT: ChannelDraft = {
  type: 1,
  name: '',
  group: 'default',
  models: '',
  base_url: '',
  other: '',
  openai_organization: '',
  test_model: '',
  model_mapping: '',
  status_code_mapping: '',
  model_req_config: '',
  model_req_limit: '',
  max_input_tokens: 0,
  tag: '',
  priority: 0,
  weight: 0,
  auto_ban: 1,
  cost_ratio: COST_RATIO_DEFAULT,
  status: CHANNEL_STATUS.ENABLED,
};

/** The channel a create copies its key (or keys) from. */
type CopySource = Pick<ChannelEntity, 'id' | 'key_sealed' | 'multi_key_mode'>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The channel registry (spec 2, admin): every change keeps the abilities index in step. */
@Injectable()
export class ChannelsService {
  constructor(
    @InjectRepository(ChannelEntity) private readonly channels: Repository<ChannelEntity>,
    private readonly abilities: AbilitiesService,
    private readonly secrets: SecretBox,
    private readonly options: OptionsService,
    private readonly events: ChannelEvents,
    private readonly outbound: OutboundPolicy,
    private readonly cooldown: ChannelCooldown,
    private readonly keyStore: ChannelKeyStore,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Channels as the list shows them, with the cooldown of those cooling down (one read) and the
   * key counts of the multi-key ones (one grouped query).
   */
  private async views(channels: ChannelEntity[]): Promise<ChannelView[]> {
    const cooling = this.cooldown.cooling(channels.map((channel) => channel.id));
    const keys = await this.keyStore.countsOf(channels.filter((channel) => isMultiKey(channel.multi_key_mode)).map((channel) => channel.id));
    return channels.map((channel) => toChannelView(channel, cooling.get(channel.id), keys.get(channel.id)));
  }

  /** Runs a change and then tells every instance's relay cache. */
  private async announce<T>(change: Promise<T>): Promise<T> {
    const result = await change;
    await this.events.changed();
    return result;
  }

  /** Group names that have a ratio: the groups a channel may serve. */
  groups(): string[] {
    return Object.keys(this.options.getJson<Record<string, number>>('GroupRatio'));
  }

  private ordered(query: SelectQueryBuilder<ChannelEntity>, idSort?: boolean): SelectQueryBuilder<ChannelEntity> {
    return idSort ? query.orderBy('c.id', 'DESC') : query.orderBy('c.priority', 'DESC').addOrderBy('c.id', 'DESC');
  }

  list(query: ListChannelsQuery): Promise<Page<ChannelView | TagRow>> {
    return this.paged(this.channels.createQueryBuilder('c'), query);
  }

  /** One page (`p`, `page_size`) of the query's channels, or of their tag rows in tag mode. */
  private async paged(builder: SelectQueryBuilder<ChannelEntity>, query: ListChannelsQuery): Promise<Page<ChannelView | TagRow>> {
    const page = query.p ?? 0;
    const pageSize = query.page_size ?? 10;
    const ordered = this.ordered(builder, query.id_sort);
    if (query.tag_mode) {
      const rows = toTagRows(await this.views(await ordered.getMany()));
      return { items: rows.slice(page * pageSize, (page + 1) * pageSize), total: rows.length, page, page_size: pageSize };
    }
    const [items, total] = await ordered
      .skip(page * pageSize)
      .take(pageSize)
      .getManyAndCount();
    return { items: await this.views(items), total, page, page_size: pageSize };
  }

  /** One page of the matches, like the list. */
  search(query: SearchChannelsQuery): Promise<Page<ChannelView | TagRow>> {
    const builder = this.channels.createQueryBuilder('c');
    const keyword = query.keyword?.trim();
    if (keyword) {
      const like = `%${escapeLike(keyword)}%`;
      const id = /^\d{1,9}$/.test(keyword) ? Number(keyword) : -1;
      builder.andWhere('(c.id = :id OR c.name ILIKE :like OR c.base_url ILIKE :like OR c.tag ILIKE :like)', { id, like });
    }
    // Lists are comma-joined: match a whole item, not a part of one.
    if (query.group?.trim()) builder.andWhere(`(',' || c."group" || ',') LIKE :group`, { group: `%,${escapeLike(query.group.trim())},%` });
    if (query.model?.trim()) builder.andWhere(`(',' || c.models || ',') LIKE :model`, { model: `%,${escapeLike(query.model.trim())},%` });
    return this.paged(builder, query);
  }

  async get(id: number): Promise<ChannelView> {
    const channel = await this.channels.findOneBy({ id });
    if (!channel) throw new BusinessError(MSG_CHANNEL_NOT_FOUND);
    return (await this.views([channel]))[0];
  }

  /** Applies the given fields onto a draft (lists accept both the form's and the list's shape). */
  private merge(base: ChannelDraft, fields: ChannelFieldsDto): ChannelDraft {
    const draft = { ...base };
    for (const key of Object.keys(DEFAULT_DRAFT) as Array<keyof ChannelDraft>) {
      const value = fields[key as keyof ChannelFieldsDto];
      if (value !== undefined && key !== 'models' && key !== 'group') (draft as Record<string, unknown>)[key] = value;
    }
    if (fields.models !== undefined) draft.models = joinList(splitList(fields.models));
    if (fields.groups !== undefined) draft.group = joinList(splitList(fields.groups));
    else if (fields.group !== undefined) draft.group = fields.group;
    return draft;
  }

  private async copySource(id: number): Promise<CopySource> {
    const source = await this.channels.findOne({ where: { id }, select: { id: true, key_sealed: true, multi_key_mode: true } });
    if (!source) throw new BusinessError(MSG_CHANNEL_NOT_FOUND);
    return source;
  }

  /** The key lines of a create in its mode, each checked against the type's format. */
  private keysOf(type: number, dto: CreateChannelDto): string[] {
    if (dto.mode === 'multi_to_single') return splitMultiKeys(type, dto.key ?? '');
    const keys = splitKeys(type, dto.key ?? '');
    for (const key of keys) {
      const problem = checkKeyFormat(type, key);
      if (problem) throw new BusinessError(problem);
    }
    return keys;
  }

  /**
   * Creates one channel per key line, or with mode multi_to_single one channel holding them all
   * (multi-key); with no key, a copy of another channel's key, or of all its keys when it is
   * multi-key. Returns the new ids.
   */
  async create(dto: CreateChannelDto, actor?: AuditActor): Promise<number[]> {
    checkStatusChange(dto.status, undefined);
    const draft = normalizeChannel(this.merge(DEFAULT_DRAFT, dto), this.groups());
    const keys = this.keysOf(draft.type, dto);
    if (keys.length === 0 && !dto.copy_from) throw new BusinessError(MSG_NAME_AND_KEY);
    const source = keys.length === 0 ? await this.copySource(dto.copy_from!) : undefined;
    const multi = dto.mode === 'multi_to_single' || (source !== undefined && isMultiKey(source.multi_key_mode));
    if (!multi && dto.multi_key_mode) throw new BusinessError(MSG_MULTI_KEY_MODE_ALONE);
    const fields = { ...draft, balance: 0, balance_updated_time: 0, used_quota: 0, response_time: 0, test_time: 0, created_time: nowSeconds(), other_info: '' };
    if (multi) {
      const multi_key_mode = dto.multi_key_mode || source?.multi_key_mode || 'random';
      return this.announce(this.channels.manager.transaction(async (manager) => {
        const saved = await manager.save(ChannelEntity, manager.create(ChannelEntity, { ...fields, key_sealed: '', multi_key_mode }));
        await this.abilities.sync(manager, saved);
        if (!source) await this.keyStore.add(manager, saved.id, keys);
        else if (isMultiKey(source.multi_key_mode)) await this.keyStore.copy(manager, source.id, saved.id);
        else await this.keyStore.add(manager, saved.id, [this.open(source.key_sealed)]);
        if (actor) await this.audit.record(actor, 'channel.create', { type: 'channel', id: saved.id }, {}, auditFields(saved), { manager, secretsChanged: ['key'] });
        return [saved.id];
      }));
    }
    const sealedKeys = source ? [source.key_sealed] : keys.map((key) => this.secrets.seal(key));
    return this.announce(this.channels.manager.transaction(async (manager) => {
      const ids: number[] = [];
      for (const key_sealed of sealedKeys) {
        const saved = await manager.save(ChannelEntity, manager.create(ChannelEntity, { ...fields, key_sealed, multi_key_mode: '' }));
        await this.abilities.sync(manager, saved);
        if (actor) await this.audit.record(actor, 'channel.create', { type: 'channel', id: saved.id }, {}, auditFields(saved), { manager, secretsChanged: ['key'] });
        ids.push(saved.id);
      }
      return ids;
    }));
  }

  private open(sealed: string): string {
    try {
      return this.secrets.open(sealed);
    } catch {
      throw new BusinessError(MSG_KEY_UNREADABLE);
    }
  }

  /**
   * Updates any fields; an empty or absent key keeps the stored one. A multi-key channel's key
   * lines are added to its keys (key_mode append) or replace them (replace); multi_key_mode
   * 'random' or 'polling' turns a single-key channel into a multi-key one, never back.
   */
  async update(dto: UpdateChannelDto, actor?: AuditActor): Promise<ChannelView> {
    return this.announce(this.channels.manager.transaction(async (manager) => {
      const current = await manager.findOne(ChannelEntity, { where: { id: dto.id }, lock: { mode: 'pessimistic_write' } });
      if (!current) throw new BusinessError(MSG_CHANNEL_NOT_FOUND);
      checkStatusChange(dto.status, current.status);
      const draft = normalizeChannel(this.merge(current, dto), this.groups());
      const changes: Partial<ChannelEntity> = { ...draft };
      const wasMulti = isMultiKey(current.multi_key_mode);
      if (wasMulti && dto.multi_key_mode === '') throw new BusinessError(MSG_BACK_TO_SINGLE);
      const multi = wasMulti || !!dto.multi_key_mode;
      if (dto.multi_key_mode) changes.multi_key_mode = dto.multi_key_mode;
      const key = dto.key?.trim() ?? '';
      const newKeys = multi ? splitMultiKeys(draft.type, key) : [];
      if (!multi && key !== '') {
        const keys = splitKeys(draft.type, key);
        if (keys.length !== 1) throw new BusinessError('编辑渠道时只能填写一个密钥');
        const problem = checkKeyFormat(draft.type, keys[0]);
        if (problem) throw new BusinessError(problem);
        changes.key_sealed = this.secrets.seal(keys[0]);
      }
      // A channel enabled by hand is no longer "disabled by the gateway".
      if (dto.status === CHANNEL_STATUS.ENABLED && current.status === CHANNEL_STATUS.AUTO_DISABLED) changes.other_info = '';
      await manager.update(ChannelEntity, { id: dto.id }, changes);
      if (multi) {
        if (!wasMulti) await this.keyStore.convert(manager, dto.id);
        if (dto.key_mode === 'replace' && newKeys.length > 0) await this.keyStore.replace(manager, dto.id, newKeys);
        else await this.keyStore.add(manager, dto.id, newKeys);
        // New keys bring back a channel the gateway disabled for want of keys.
        await enableChannelWithKeys(manager, dto.id);
      }
      const saved = await manager.findOneByOrFail(ChannelEntity, { id: dto.id });
      await this.abilities.sync(manager, saved);
      if (actor) await this.recordChange(manager, actor, current, saved, key !== '');
      return toChannelView(saved, undefined, (await this.keyStore.countsOf([saved.id], manager)).get(saved.id));
    }));
  }

  async remove(id: number, actor?: AuditActor): Promise<void> {
    const removed = await this.removeWhere({ id }, actor);
    if (removed === 0) throw new BusinessError(MSG_CHANNEL_NOT_FOUND);
  }

  /** Deletes the channels disabled by hand or by the gateway; abilities go with them (cascade). */
  removeDisabled(actor?: AuditActor): Promise<number> {
    return this.removeWhere({ status: In([CHANNEL_STATUS.MANUALLY_DISABLED, CHANNEL_STATUS.AUTO_DISABLED]) }, actor);
  }

  removeMany(ids: number[], actor?: AuditActor): Promise<number> {
    return this.removeWhere({ id: In(ids) }, actor);
  }

  /** Deletes the channels found by `where`, each recorded in the audit log in the same transaction. */
  private removeWhere(where: FindOptionsWhere<ChannelEntity>, actor?: AuditActor): Promise<number> {
    return this.announce(this.channels.manager.transaction(async (manager) => {
      const channels = await manager.find(ChannelEntity, { where, lock: { mode: 'pessimistic_write' }, order: { id: 'ASC' } });
      if (channels.length === 0) return 0;
      await manager.delete(ChannelEntity, { id: In(channels.map((channel) => channel.id)) });
      if (actor) {
        for (const channel of channels) await this.audit.record(actor, 'channel.delete', { type: 'channel', id: channel.id }, auditFields(channel), {}, { manager });
      }
      return channels.length;
    }));
  }

  /** One channel's change in the audit log: `channel.status` when only its status changed. */
  private async recordChange(manager: EntityManager, actor: AuditActor, before: ChannelEntity, after: ChannelEntity, keyChanged: boolean): Promise<void> {
    const changes = changedFields(auditFields(before), auditFields(after), keyChanged ? ['key'] : []);
    const fields = Object.keys({ ...changes.before, ...changes.after });
    const action = fields.length > 0 && fields.every((field) => field === 'status' || field === 'other_info') ? 'channel.status' : 'channel.update';
    await this.audit.recordChanges(actor, action, { type: 'channel', id: after.id }, changes, manager);
  }

  /** Channels of a tag, locked for the rest of the transaction. */
  private async tagged(manager: EntityManager, tag: string): Promise<ChannelEntity[]> {
    const channels = await manager.find(ChannelEntity, { where: { tag }, lock: { mode: 'pessimistic_write' }, order: { id: 'ASC' } });
    if (channels.length === 0) throw new BusinessError(`标签不存在：${tag}`);
    return channels;
  }

  /** Changes every channel of a tag at once (rename, mapping, groups, models, priority, weight). */
  async editTag(dto: EditTagDto, actor?: AuditActor): Promise<number> {
    const fields: ChannelFieldsDto = {};
    if (dto.new_tag !== undefined && dto.new_tag !== dto.tag) fields.tag = dto.new_tag;
    if (dto.model_mapping !== undefined) fields.model_mapping = dto.model_mapping;
    if (dto.groups !== undefined) fields.groups = dto.groups;
    if (dto.models !== undefined) fields.models = dto.models;
    if (dto.priority !== undefined) fields.priority = dto.priority;
    if (dto.weight !== undefined) fields.weight = dto.weight;
    if (Object.keys(fields).length === 0) throw new BusinessError('没有任何修改');
    return this.updateTagged(dto.tag, fields, actor);
  }

  setTagStatus(tag: string, status: number, actor?: AuditActor): Promise<number> {
    return this.updateTagged(tag, { status }, actor);
  }

  private updateTagged(tag: string, fields: ChannelFieldsDto, actor?: AuditActor): Promise<number> {
    return this.announce(this.channels.manager.transaction(async (manager) => {
      const channels = await this.tagged(manager, tag);
      const groups = this.groups();
      for (const channel of channels) {
        const draft = normalizeChannel(this.merge(channel, fields), groups);
        const changes: Partial<ChannelEntity> = { ...draft };
        if (fields.status === CHANNEL_STATUS.ENABLED && channel.status === CHANNEL_STATUS.AUTO_DISABLED) changes.other_info = '';
        await manager.update(ChannelEntity, { id: channel.id }, changes);
        await this.abilities.sync(manager, { ...channel, ...draft });
        if (actor) await this.recordChange(manager, actor, channel, { ...channel, ...changes }, false);
      }
      return channels.length;
    }));
  }

  /** The saved channel's upstream models, asked with its key (a multi-key channel's first enabled one). */
  async fetchModelsOf(id: number): Promise<string[]> {
    const channel = await this.channels.findOne({ where: { id }, select: { id: true, type: true, base_url: true, key_sealed: true, multi_key_mode: true } });
    if (!channel) throw new BusinessError(MSG_CHANNEL_NOT_FOUND);
    const sealed = isMultiKey(channel.multi_key_mode) ? (await this.keyStore.pick(id))?.key_sealed : channel.key_sealed;
    if (!sealed) throw new BusinessError(MSG_KEY_UNREADABLE);
    return fetchUpstreamModels(this.outbound, channel.type, channel.base_url, this.open(sealed).split('\n')[0]);
  }

  /** The models of a channel being drafted (the edit form's 获取模型列表), before it is saved. */
  fetchModels(type: number, baseUrl: string, key: string): Promise<string[]> {
    return fetchUpstreamModels(this.outbound, type, baseUrl, key);
  }

  /** Every model name known: the built-in catalogue and the channels' own lists. */
  async modelNames(catalogue: readonly string[]): Promise<string[]> {
    const rows: Array<{ models: string }> = await this.channels.query('SELECT DISTINCT models FROM channels');
    return splitList([...catalogue, ...rows.flatMap((row) => splitList(row.models))]).sort();
  }
}

/**
 * A channel's fields as the audit log compares them: its sealed key left out (a key change is
 * named by the caller, never read), and the counters the gateway moves by itself.
 */
function auditFields({ key_sealed: _sealed, used_quota: _used, response_time: _time, test_time: _tested, balance: _balance, balance_updated_time: _refreshed, ...fields }: ChannelEntity): Partial<ChannelEntity> {
  return fields;
}
