import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { CHANNEL_STATUS } from '@gw/shared';
import { DataSource } from 'typeorm';
import { ChannelEvents } from '../channels/channel-events';
import { SecretBox } from '../crypto/secret-box';
import { parseRequestLimits } from '../channel-limits/request-limits';
import type { Candidate } from './channel-selector';
import type { RelayChannel } from './relay-context';

/** Longest a snapshot is trusted even without a change notice (a lost message heals itself). */
const MAX_AGE_MS = 60_000;

/** The channel columns a RelayChannel is made from (priority and weight may come from an ability). */
export interface RelayChannelRow {
  id: number;
  type: number;
  name: string;
  base_url: string;
  key_sealed: string;
  openai_organization: string;
  other: string;
  model_mapping: string;
  status_code_mapping: string;
  model_req_config: string;
  model_req_limit: string;
  auto_ban: number;
  priority: number;
  weight: number;
}

interface Row extends RelayChannelRow {
  group: string;
  model: string;
}

function parseObject<T>(text: string): Record<string, T> {
  if (!text) return {};
  try {
    const parsed = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * A channel row as the relay uses it, key opened. Also for callers outside the cache (channel
 * tests) that need a channel the cache does not hold, such as a disabled one. Throws when the key
 * cannot be opened with the current CRYPTO_SECRET.
 */
export function toRelayChannel(row: RelayChannelRow, secrets: SecretBox): RelayChannel {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    baseUrl: row.base_url,
    key: secrets.open(row.key_sealed),
    organization: row.openai_organization,
    other: row.other,
    modelMapping: parseObject<string>(row.model_mapping),
    statusCodeMapping: parseObject<string>(row.status_code_mapping),
    modelTimeouts: parseObject<number>(row.model_req_config),
    requestLimits: parseRequestLimits(row.model_req_limit),
    priority: row.priority,
    weight: row.weight,
    autoBan: row.auto_ban === 1,
  };
}

const keyOf = (group: string, model: string) => `${group}\u0000${model}`;

/**
 * The relay's in-memory view of enabled abilities and their channels (keys opened once), so that
 * choosing a channel costs no database round trip. Reloaded lazily after any channel change on
 * any instance.
 */
@Injectable()
export class ChannelCacheService implements OnModuleInit {
  private readonly logger = new Logger(ChannelCacheService.name);
  private snapshot = new Map<string, Candidate[]>();
  private loadedAt = 0;
  /** Bumped by every channel change; the snapshot is current when it was loaded at this number. */
  private changes = 0;
  private loadedChanges = -1;
  private loading?: Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly secrets: SecretBox,
    private readonly events: ChannelEvents,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.events.onChange(() => {
      this.changes += 1;
    });
  }

  /** Enabled candidates for a group and model, highest priority first. */
  async candidates(group: string, model: string): Promise<readonly Candidate[]> {
    if (this.loadedChanges !== this.changes || Date.now() - this.loadedAt > MAX_AGE_MS) await this.reload();
    return this.snapshot.get(keyOf(group, model)) ?? [];
  }

  /**
   * One load at a time. A change that arrives while a load is running (its query may already have
   * read the old rows) is not covered by that load, so the caller waits for one that started after
   * it: a request right after a channel is saved never gets the snapshot from before the save.
   */
  private async reload(): Promise<void> {
    do {
      this.loading ??= this.load().finally(() => {
        this.loading = undefined;
      });
      await this.loading;
    } while (this.loadedChanges !== this.changes);
  }

  private async load(): Promise<void> {
    const changes = this.changes;
    const rows: Row[] = await this.dataSource.query(
      `SELECT a."group", a.model, a.priority, a.weight, c.id, c.type, c.name, c.base_url, c.key_sealed,
              c.openai_organization, c.other, c.model_mapping, c.status_code_mapping, c.model_req_config, c.model_req_limit, c.auto_ban
         FROM abilities a JOIN channels c ON c.id = a.channel_id
        WHERE a.enabled AND c.status = $1
        ORDER BY a.priority DESC, c.id`,
      [CHANNEL_STATUS.ENABLED],
    );
    const channels = new Map<number, RelayChannel>();
    const snapshot = new Map<string, Candidate[]>();
    for (const row of rows) {
      let channel = channels.get(row.id);
      if (!channel) {
        try {
          channel = toRelayChannel(row, this.secrets);
        } catch {
          this.logger.error(`Channel ${row.id}: its key cannot be opened with the current CRYPTO_SECRET; skipped`);
          continue;
        }
        channels.set(row.id, channel);
      }
      const key = keyOf(row.group, row.model);
      const list = snapshot.get(key) ?? [];
      list.push({ channel, priority: row.priority, weight: row.weight });
      snapshot.set(key, list);
    }
    this.snapshot = snapshot;
    this.loadedAt = Date.now();
    this.loadedChanges = changes;
  }
}
