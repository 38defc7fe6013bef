import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ChannelKeyStore, MSG_KEY_UNREADABLE } from '../channels/channel-key-store';
import { splitList } from '../channels/comma-list';
import { MSG_CHANNEL_NOT_FOUND } from '../channels/channel-rules';
import { isMultiKey, MSG_KEY_NOT_FOUND, MSG_NOT_MULTI_KEY } from '../channels/multi-key-rules';
import { BusinessError } from '../common/business.error';
import { SecretBox } from '../crypto/secret-box';
import { type RelayChannelRow, toRelayChannel } from '../relay/channel-cache.service';
import type { RelayChannel } from '../relay/relay-context';

/**
 * A channel as channel operations need it: the relay's view (key opened) plus its bookkeeping. For
 * a multi-key channel, `channel.key` is the key named by `key` (one of channel_keys).
 */
export interface ChannelRecord {
  channel: RelayChannel;
  /** The key used, for a multi-key channel; undefined for a single-key one. */
  key?: { id: number; status: number };
  status: number;
  testModel: string;
  models: string[];
  /** Unix seconds of the last balance refresh; 0 when never refreshed. */
  balanceUpdatedTime: number;
  balance: number;
}

type Row = RelayChannelRow & { status: number; test_model: string; models: string; balance: number; balance_updated_time: string; multi_key_mode: string };

/**
 * The channel rows channel operations read and the few columns they write (test and balance
 * results). Status changes go through AutoDisableService, which keeps abilities in step.
 */
@Injectable()
export class ChannelRecords {
  constructor(
    private readonly dataSource: DataSource,
    private readonly secrets: SecretBox,
    private readonly keys: ChannelKeyStore,
  ) {}

  /**
   * Any channel, whatever its status (the relay's cache holds only enabled ones). A multi-key
   * channel comes with its key `keyId`, or without it its first enabled key (else its first key);
   * `keyId` names no key of a single-key channel.
   */
  async load(id: number, keyId?: number): Promise<ChannelRecord> {
    const [row]: Row[] = await this.dataSource.query(
      `SELECT id, type, name, base_url, key_sealed, openai_organization, other, model_mapping, status_code_mapping,
              model_req_config, model_req_limit, auto_ban, priority, weight, status, test_model, models, balance, balance_updated_time, multi_key_mode
         FROM channels WHERE id = $1`,
      [id],
    );
    if (!row) throw new BusinessError(MSG_CHANNEL_NOT_FOUND);
    const multiKey = isMultiKey(row.multi_key_mode);
    if (keyId !== undefined && !multiKey) throw new BusinessError(MSG_NOT_MULTI_KEY);
    const key = multiKey ? await this.keys.pick(id, keyId) : undefined;
    if (multiKey && !key) throw new BusinessError(MSG_KEY_NOT_FOUND);
    let channel: RelayChannel;
    try {
      // A multi-key channel's own key column is empty: the relay's conversion opens the chosen key instead.
      channel = toRelayChannel(key ? { ...row, key_sealed: key.key_sealed } : row, this.secrets);
    } catch {
      throw new BusinessError(MSG_KEY_UNREADABLE);
    }
    return {
      channel,
      key: key && { id: key.id, status: key.status },
      status: row.status,
      testModel: row.test_model,
      models: splitList(row.models),
      balance: row.balance,
      balanceUpdatedTime: Number(row.balance_updated_time),
    };
  }

  async idsWithStatus(statuses: readonly number[]): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.dataSource.query('SELECT id FROM channels WHERE status = ANY($1) ORDER BY id', [statuses]);
    return rows.map((row) => row.id);
  }

  /** `responseTimeMs` feeds the console's response-time shading; `testTime` is unix seconds. */
  async saveTestResult(id: number, responseTimeMs: number, testTime: number): Promise<void> {
    await this.dataSource.query('UPDATE channels SET response_time = $2, test_time = $3 WHERE id = $1', [id, responseTimeMs, testTime]);
  }

  async saveBalance(id: number, balance: number, updatedTime: number): Promise<void> {
    await this.dataSource.query('UPDATE channels SET balance = $2, balance_updated_time = $3 WHERE id = $1', [id, balance, updatedTime]);
  }
}
