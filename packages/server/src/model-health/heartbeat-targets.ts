import { Injectable, Logger } from '@nestjs/common';
import { CHANNEL_KEY_STATUS, CHANNEL_STATUS } from '@gw/shared';
import { DataSource } from 'typeorm';
import { SecretBox } from '../crypto/secret-box';
import { type RelayChannelRow, toRelayChannel } from '../relay/channel-cache.service';
import type { RelayChannel } from '../relay/relay-context';

/** One model of one channel to probe. */
export interface HeartbeatTarget {
  channel: RelayChannel;
  model: string;
}

type Row = RelayChannelRow & { models: string[] };

/**
 * What a heartbeat run probes: every enabled model (ability) of every enabled channel, once per
 * channel even when several groups list the model. Channels are made by the relay's own
 * conversion (key opened, mappings and timeouts parsed), so a probe calls exactly what the relay would.
 */
@Injectable()
export class HeartbeatTargets {
  private readonly logger = new Logger(HeartbeatTargets.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly secrets: SecretBox,
  ) {}

  async list(): Promise<HeartbeatTarget[]> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT c.id, c.type, c.name, c.base_url, COALESCE(k.key_sealed, c.key_sealed) AS key_sealed, c.openai_organization, c.other, c.model_mapping,
              c.status_code_mapping, c.model_req_config, c.auto_ban, c.priority, c.weight,
              array_agg(DISTINCT a.model ORDER BY a.model) AS models
         FROM channels c JOIN abilities a ON a.channel_id = c.id AND a.enabled
         -- A multi-key channel is probed with its first enabled key, and not at all without one.
         LEFT JOIN LATERAL (SELECT key_sealed FROM channel_keys WHERE channel_id = c.id AND status = $2 ORDER BY id LIMIT 1) k ON true
        WHERE c.status = $1 AND (c.multi_key_mode = '' OR k.key_sealed IS NOT NULL)
        GROUP BY c.id, k.key_sealed
        ORDER BY c.id`,
      [CHANNEL_STATUS.ENABLED, CHANNEL_KEY_STATUS.ENABLED],
    );
    const targets: HeartbeatTarget[] = [];
    for (const row of rows) {
      let channel: RelayChannel;
      try {
        channel = toRelayChannel(row, this.secrets);
      } catch {
        this.logger.error(`Channel ${row.id}: its key cannot be opened with the current CRYPTO_SECRET; not probed`);
        continue;
      }
      for (const model of row.models) targets.push({ channel, model });
    }
    return targets;
  }
}
