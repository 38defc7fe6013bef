import { Injectable, Logger } from '@nestjs/common';
import { AutoDisableService } from './auto-disable.service';
import { KeySelector } from './key-selector';
import { KeyUsage } from './key-usage';
import type { RelayChannel, RelayKey } from './relay-context';

/** A channel ready for one call: for a multi-key channel a copy carrying the chosen key (`key`, `keyId`). */
export interface KeyedChannel {
  channel: RelayChannel;
  /** The multi-key channel's key in `channel`; undefined for a single-key channel. */
  key?: RelayKey;
}

/** What a key's failure means for the call (DESIGN.md §5.8). */
export type KeyFailure =
  /** A dead-key answer: the key is disabled (auto_ban allowing; else passed over): another key of the channel may serve at once. */
  | 'dead'
  /** 429, 5xx, a timeout or no answer: the key cools down on this instance. */
  | 'cooled'
  /** About the request or the model: the key is not at fault. */
  | 'other';

/**
 * The key of a multi-key channel for one call, and what its answer does to the key: the relay's
 * rules (KeySelector's random or polling choice passing over dead and cooling keys; a dead-key
 * answer disables the key alone through AutoDisableService.disableKey, and this instance stops
 * using it before its cache reloads; per-key counters in KeyUsage), in one place for the relay's
 * attempts and for the calls outside its pipeline (count_tokens, task submits).
 */
@Injectable()
export class KeyOutcomes {
  private readonly logger = new Logger(KeyOutcomes.name);

  constructor(
    private readonly keys: KeySelector,
    private readonly autoDisable: AutoDisableService,
    private readonly usage: KeyUsage,
  ) {}

  /** The channel with a key not in `tried`; undefined when a multi-key channel has none left to try. A single-key channel comes as it is. */
  async pick(channel: RelayChannel, tried: ReadonlySet<number> = new Set()): Promise<KeyedChannel | undefined> {
    if (!channel.multiKeyMode) return { channel };
    const key = await this.keys.pick(channel, tried);
    return key && this.keyed(channel, key);
  }

  /** The channel with this key of it in place of the cached first one. */
  keyed(channel: RelayChannel, key: RelayKey): KeyedChannel {
    return { channel: this.keys.keyed(channel, key), key };
  }

  /** The key served a call of `tokens` prompt plus completion tokens: its cooldown ends, its counters grow. */
  served(key: RelayKey | undefined, tokens: number): void {
    if (!key) return;
    this.keys.succeeded(key.id);
    this.usage.served(key.id, tokens);
  }

  /**
   * The key's call failed: `status` 0 for no answer, `text` the provider's words and error codes
   * (key already masked), `reason` what the key's last error and disable reason say.
   */
  async failed(channel: RelayChannel, key: RelayKey, status: number, text: string, reason: string): Promise<KeyFailure> {
    this.usage.failed(key.id, reason);
    if (status > 0 && this.autoDisable.meansDeadKey(status, text)) {
      if (!this.autoDisable.mayDisable(channel)) {
        this.keys.cool(key.id);
        return 'dead';
      }
      this.keys.markDead(key.id);
      try {
        await this.autoDisable.disableKey(channel, key, reason.slice(0, 300));
      } catch (error) {
        // Not recorded: this instance may try the key again, and disable it then.
        this.keys.forgetDead(key.id);
        this.logger.warn(`Key ${key.id} of channel ${channel.id} could not be disabled: ${error instanceof Error ? error.message : String(error)}`);
      }
      return 'dead';
    }
    if (status === 0 || status === 408 || status === 429 || status >= 500) {
      this.keys.cool(key.id);
      return 'cooled';
    }
    return 'other';
  }
}
