import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { checkOptionValue, isOptionKey, OPTION_DEFINITIONS, OPTION_KEYS, OptionKey, SMTPS_PORT } from '@gw/shared';
import { Repository } from 'typeorm';
import type { AuditActor } from '../audit/audit-actor';
import { AuditLog } from '../audit/audit-log.service';
import { BusinessError } from '../common/business.error';
import { MSG_JSON_TOO_DEEP, nestedTooDeep } from '../common/input-rules';
import { nowSeconds } from '../common/time';
import { ClusterBus } from '../cluster/cluster-bus';
import { SecretBox } from '../crypto/secret-box';
import { optionAuditAction, optionChanges } from './option-audit';
import { OptionEntity } from './option.entity';

const BUS_CHANNEL = 'options';

export interface OptionView {
  key: string;
  value: string;
}

/**
 * The options of spec 1 §3, held in memory for fast reads and kept identical on every instance:
 * a change is written to the database and announced on the cluster bus, whose listeners re-read it.
 */
@Injectable()
export class OptionsService implements OnModuleInit {
  private readonly logger = new Logger(OptionsService.name);
  private readonly values = new Map<OptionKey, string>();
  /** Parsed JSON options: the relay reads ratios on every request, so each is parsed once per change. */
  private readonly parsed = new Map<OptionKey, unknown>();
  private readonly listeners: Array<(key: OptionKey) => void> = [];
  /** Reloads run one after another, so that an older read never overwrites a newer one. */
  private reloads: Promise<void> = Promise.resolve();

  constructor(
    @InjectRepository(OptionEntity) private readonly repository: Repository<OptionEntity>,
    private readonly secrets: SecretBox,
    private readonly bus: ClusterBus,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Listens first, then reads every option: a change saved while this instance starts is either in
   * what it reads or announced after it listens (read the other way round, a change saved in
   * between would be missed until the next restart). The read joins the chain of reloads, so that a
   * reload announced meanwhile runs in order with it.
   */
  async onModuleInit(): Promise<void> {
    await this.bus.subscribe(BUS_CHANNEL, (key) => {
      this.reloads = this.reloads
        .then(() => this.reloadOne(key))
        .catch((error: unknown) => this.logger.error(`Option ${key} could not be reloaded: ${error instanceof Error ? error.message : String(error)}`));
    });
    // Changes announced while Redis was unreachable never arrived: read everything again.
    this.bus.onReconnect(() => {
      this.reloads = this.reloads
        .then(() => this.reloadChanged())
        .catch((error: unknown) => this.logger.error(`Options could not be read again after Redis came back: ${error instanceof Error ? error.message : String(error)}`));
    });
    const loaded = this.reloads.then(() => this.reloadAll());
    // Later reloads wait for the first read, whether it succeeded or not; a failed read fails the start.
    this.reloads = loaded.catch(() => undefined);
    await loaded;
  }

  get(key: OptionKey): string {
    return this.values.get(key) ?? OPTION_DEFINITIONS[key].default;
  }

  getBoolean(key: OptionKey): boolean {
    return this.get(key) === 'true';
  }

  getNumber(key: OptionKey): number {
    const value = Number(this.get(key));
    return Number.isFinite(value) ? value : Number(OPTION_DEFINITIONS[key].default);
  }

  /** The parsed value of a JSON option. Shared between callers: read it, never change it. */
  getJson<T>(key: OptionKey): T {
    if (!this.parsed.has(key)) {
      let value: unknown;
      try {
        value = JSON.parse(this.get(key));
      } catch {
        value = JSON.parse(OPTION_DEFINITIONS[key].default);
      }
      this.parsed.set(key, value);
    }
    return this.parsed.get(key) as T;
  }

  /** Called after any option changes on any instance (for example to reschedule a job). */
  onChange(listener: (key: OptionKey) => void): void {
    this.listeners.push(listener);
  }

  /** Every option for the settings page; secrets come back empty, never in clear. */
  list(): OptionView[] {
    return OPTION_KEYS.map((key) => ({ key, value: OPTION_DEFINITIONS[key].secret ? '' : this.get(key) }));
  }

  /**
   * Validates and saves one option (spec 1 §5), then tells every instance. With an `actor`, each
   * changed key is recorded in the audit log in the same transaction (a failed audit write fails the change).
   */
  async set(key: string, raw: string, actor?: AuditActor): Promise<void> {
    const check = checkOptionValue(key, raw, (other) => this.get(other));
    if (!check.ok) throw new BusinessError(check.message);
    const optionKey = key as OptionKey;
    // A JSON option arrives as text, past the body's depth check; some are sent to every visitor (Chats in /api/status).
    if (OPTION_DEFINITIONS[optionKey].kind === 'json' && nestedTooDeep(JSON.parse(check.value))) throw new BusinessError(`配置项 ${key} 的 ${MSG_JSON_TOO_DEEP}`);
    const changes: Array<[OptionKey, string]> = [[optionKey, check.value]];
    // SSL is forced on for the SMTPS port (spec 1 §5).
    if (optionKey === 'SMTPPort' && check.value === SMTPS_PORT) changes.push(['SMTPSSLEnabled', 'true']);
    await this.repository.manager.transaction(async (manager) => {
      for (const [changedKey, value] of changes) {
        const stored = OPTION_DEFINITIONS[changedKey].secret && value !== '' ? this.secrets.seal(value) : value;
        await manager.upsert(OptionEntity, { key: changedKey, value: stored, updated_at: nowSeconds() }, ['key']);
        if (actor) await this.audit.recordChanges(actor, optionAuditAction(changedKey), { type: 'option', id: changedKey }, optionChanges(changedKey, this.get(changedKey), value), manager);
      }
    });
    for (const [changedKey, value] of changes) {
      this.apply(changedKey, value);
      await this.bus.publish(BUS_CHANNEL, changedKey);
    }
  }

  private apply(key: OptionKey, value: string): void {
    this.values.set(key, value);
    this.parsed.delete(key);
    for (const listener of this.listeners) listener(key);
  }

  private decode(row: OptionEntity): string {
    if (!OPTION_DEFINITIONS[row.key as OptionKey]?.secret || row.value === '') return row.value;
    return this.secrets.open(row.value);
  }

  /** A secret sealed with another CRYPTO_SECRET cannot be opened: it is logged and its default used. */
  private decodeOrDefault(row: OptionEntity): string {
    try {
      return this.decode(row);
    } catch {
      this.logger.error(`Option ${row.key} cannot be decrypted with the current CRYPTO_SECRET; using its default`);
      return OPTION_DEFINITIONS[row.key as OptionKey].default;
    }
  }

  private async reloadAll(): Promise<void> {
    const rows = await this.repository.find();
    for (const row of rows) {
      if (isOptionKey(row.key)) this.values.set(row.key, this.decodeOrDefault(row));
    }
    this.parsed.clear();
  }

  /** Every option read again; those that changed are applied as if announced (their listeners run). */
  private async reloadChanged(): Promise<void> {
    for (const row of await this.repository.find()) {
      if (!isOptionKey(row.key)) continue;
      const value = this.decodeOrDefault(row);
      if (this.values.get(row.key) !== value) this.apply(row.key, value);
    }
  }

  private async reloadOne(key: string): Promise<void> {
    if (!isOptionKey(key)) return;
    const row = await this.repository.findOneBy({ key });
    const value = row ? this.decodeOrDefault(row) : OPTION_DEFINITIONS[key].default;
    if (this.values.get(key) !== value) this.apply(key, value);
  }
}
