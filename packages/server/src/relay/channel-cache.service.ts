import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { CHANNEL_KEY_STATUS, CHANNEL_STATUS, COST_RATIO_DEFAULT, MULTI_KEY_MODES, type MultiKeyMode } from '@gw/shared';
import { DataSource } from 'typeorm';
import { ChannelEvents } from '../channels/channel-events';
import { SecretBox } from '../crypto/secret-box';
import { parseRequestLimits } from '../channel-limits/request-limits';
import type { Candidate } from './channel-selector';
import { KeySelector } from './key-selector';
import type { RelayChannel, RelayKey } from './relay-context';

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
  /** '' (single key) or a MULTI_KEY_MODES value; absent from readers that predate multi-key channels. */
  multi_key_mode?: string;
  /** Absent from readers that bill nothing (channel tests, heartbeats): list price. */
  cost_ratio?: number;
}

/** An enabled key of an enabled multi-key channel, as the cache reads it. */
interface KeyRow {
  id: number;
  channel_id: number;
  key_sealed: string;
  masked: string;
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

/** The row's multi_key_mode as the relay reads it: an unknown value picks at random rather than failing the channel. */
function multiKeyModeOf(mode: string | undefined): '' | MultiKeyMode {
  if (!mode) return '';
  return (MULTI_KEY_MODES as readonly string[]).includes(mode) ? (mode as MultiKeyMode) : 'random';
}

/**
 * A channel row as the relay uses it, key opened. Also for callers outside the cache (channel
 * tests) that need a channel the cache does not hold, such as a disabled one. Throws when the key
 * cannot be opened with the current CRYPTO_SECRET. A multi-key channel has no key of its own
 * (key_sealed ''): it gets `keys`, opened by the caller, and its first one as `key` (or the one
 * key the caller put in key_sealed).
 */
export function toRelayChannel(row: RelayChannelRow, secrets: SecretBox, keys: readonly RelayKey[] = []): RelayChannel {
  const multiKeyMode = multiKeyModeOf(row.multi_key_mode);
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    baseUrl: row.base_url,
    // A caller that chose one key of a multi-key channel (a channel test) passes it sealed as key_sealed.
    key: multiKeyMode && !row.key_sealed ? (keys[0]?.key ?? '') : secrets.open(row.key_sealed),
    multiKeyMode,
    keys: multiKeyMode ? keys : [],
    organization: row.openai_organization,
    other: row.other,
    modelMapping: parseObject<string>(row.model_mapping),
    statusCodeMapping: parseObject<string>(row.status_code_mapping),
    modelTimeouts: parseObject<number>(row.model_req_config),
    requestLimits: parseRequestLimits(row.model_req_limit),
    priority: row.priority,
    weight: row.weight,
    autoBan: row.auto_ban === 1,
    costRatio: row.cost_ratio ?? COST_RATIO_DEFAULT,
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
    private readonly keySelector: KeySelector,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.events.onChange(() => {
      this.changes += 1;
    });
  }

  /** Enabled candidates for a group and model, highest priority first. */
  async candidates(group: string, model: string): Promise<readonly Candidate[]> {
    if (this.loadedChanges !== this.changes) await this.reload();
    // Only old, not changed: reloaded in the background while requests go on with this snapshot
    // (waiting for it stalled every request once a minute, behind whatever the database was doing).
    else if (Date.now() - this.loadedAt > MAX_AGE_MS) void this.reload().catch(() => undefined);
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
      `SELECT a."group", a.model, a.priority, a.weight, c.id, c.type, c.name, c.base_url, c.key_sealed, c.multi_key_mode,
              c.openai_organization, c.other, c.model_mapping, c.status_code_mapping, c.model_req_config, c.model_req_limit, c.auto_ban, c.cost_ratio
         FROM abilities a JOIN channels c ON c.id = a.channel_id
        WHERE a.enabled AND c.status = $1
        ORDER BY a.priority DESC, c.id`,
      [CHANNEL_STATUS.ENABLED],
    );
    const keys = await this.loadKeys();
    const channels = new Map<number, RelayChannel | null>();
    const snapshot = new Map<string, Candidate[]>();
    for (const row of rows) {
      let channel = channels.get(row.id);
      if (channel === undefined) {
        channel = this.channelOf(row, keys.get(row.id) ?? []);
        channels.set(row.id, channel);
      }
      if (!channel) continue;
      const key = keyOf(row.group, row.model);
      const list = snapshot.get(key) ?? [];
      list.push({ channel, priority: row.priority, weight: row.weight });
      snapshot.set(key, list);
    }
    this.snapshot = snapshot;
    this.loadedAt = Date.now();
    this.loadedChanges = changes;
    this.keySelector.listed(new Set([...keys.values()].flat().map((key) => key.id)));
  }

  /** The relay's channel, or null when it cannot serve: its key does not open, or a multi-key channel has no enabled key left. */
  private channelOf(row: Row, keys: readonly RelayKey[]): RelayChannel | null {
    let channel: RelayChannel;
    try {
      channel = toRelayChannel(row, this.secrets, keys);
    } catch {
      this.logger.error(`Channel ${row.id}: its key cannot be opened with the current CRYPTO_SECRET; skipped`);
      return null;
    }
    // Every key disabled by hand leaves the channel enabled but with nothing to send.
    return channel.multiKeyMode && channel.keys.length === 0 ? null : channel;
  }

  /** The enabled keys of every enabled multi-key channel, opened, in one query. A key that does not open is skipped. */
  private async loadKeys(): Promise<Map<number, RelayKey[]>> {
    const rows: KeyRow[] = await this.dataSource.query(
      `SELECT k.id, k.channel_id, k.key_sealed, k.masked
         FROM channel_keys k JOIN channels c ON c.id = k.channel_id
        WHERE k.status = $1 AND c.status = $2 AND c.multi_key_mode <> ''
        ORDER BY k.channel_id, k.id`,
      [CHANNEL_KEY_STATUS.ENABLED, CHANNEL_STATUS.ENABLED],
    );
    const keys = new Map<number, RelayKey[]>();
    for (const row of rows) {
      let key: string;
      try {
        key = this.secrets.open(row.key_sealed);
      } catch {
        this.logger.error(`Key ${row.id} of channel ${row.channel_id} cannot be opened with the current CRYPTO_SECRET; skipped`);
        continue;
      }
      const list = keys.get(row.channel_id) ?? [];
      list.push({ id: row.id, key, masked: row.masked });
      keys.set(row.channel_id, list);
    }
    return keys;
  }
}
