import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { checkOptionValue, OPTION_DEFINITIONS, OPTION_KEYS, OptionKey } from '@gw/shared';
import { Repository } from 'typeorm';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { ClusterBus } from '../cluster/cluster-bus';
import { SecretBox } from '../crypto/secret-box';
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
  private readonly listeners: Array<(key: OptionKey) => void> = [];

  constructor(
    @InjectRepository(OptionEntity) private readonly repository: Repository<OptionEntity>,
    private readonly secrets: SecretBox,
    private readonly bus: ClusterBus,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reloadAll();
    await this.bus.subscribe(BUS_CHANNEL, (key) => void this.reloadOne(key));
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

  getJson<T>(key: OptionKey): T {
    try {
      return JSON.parse(this.get(key)) as T;
    } catch {
      return JSON.parse(OPTION_DEFINITIONS[key].default) as T;
    }
  }

  /** Called after any option changes on any instance (for example to reschedule a job). */
  onChange(listener: (key: OptionKey) => void): void {
    this.listeners.push(listener);
  }

  /** Every option for the settings page; secrets come back empty, never in clear. */
  list(): OptionView[] {
    return OPTION_KEYS.map((key) => ({ key, value: OPTION_DEFINITIONS[key].secret ? '' : this.get(key) }));
  }

  /** Validates and saves one option (spec 1 §5), then tells every instance. */
  async set(key: string, raw: string): Promise<void> {
    const check = checkOptionValue(key, raw, (other) => this.get(other));
    if (!check.ok) throw new BusinessError(check.message);
    const optionKey = key as OptionKey;
    const changes: Array<[OptionKey, string]> = [[optionKey, check.value]];
    // SSL is forced on for the SMTPS port (spec 1 §5).
    if (optionKey === 'SMTPPort' && check.value === '465') changes.push(['SMTPSSLEnabled', 'true']);
    await this.repository.manager.transaction(async (manager) => {
      for (const [changedKey, value] of changes) {
        const stored = OPTION_DEFINITIONS[changedKey].secret && value !== '' ? this.secrets.seal(value) : value;
        await manager.upsert(OptionEntity, { key: changedKey, value: stored, updated_at: nowSeconds() }, ['key']);
      }
    });
    for (const [changedKey, value] of changes) {
      this.apply(changedKey, value);
      await this.bus.publish(BUS_CHANNEL, changedKey);
    }
  }

  private apply(key: OptionKey, value: string): void {
    this.values.set(key, value);
    for (const listener of this.listeners) listener(key);
  }

  private decode(row: OptionEntity): string {
    if (!OPTION_DEFINITIONS[row.key as OptionKey]?.secret || row.value === '') return row.value;
    return this.secrets.open(row.value);
  }

  private async reloadAll(): Promise<void> {
    const rows = await this.repository.find();
    for (const row of rows) {
      if (!(row.key in OPTION_DEFINITIONS)) continue;
      try {
        this.values.set(row.key as OptionKey, this.decode(row));
      } catch {
        this.logger.error(`Option ${row.key} cannot be decrypted with the current CRYPTO_SECRET; using its default`);
      }
    }
  }

  private async reloadOne(key: string): Promise<void> {
    if (!(key in OPTION_DEFINITIONS)) return;
    const row = await this.repository.findOneBy({ key });
    const value = row ? this.decode(row) : OPTION_DEFINITIONS[key as OptionKey].default;
    if (this.values.get(key as OptionKey) !== value) this.apply(key as OptionKey, value);
  }
}
