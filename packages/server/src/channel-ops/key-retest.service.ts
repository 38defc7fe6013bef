import { Injectable, Logger } from '@nestjs/common';
import { ChannelKeysService } from '../channels/channel-keys.service';
import { BusinessError } from '../common/business.error';
import { forEachLimited } from '../common/for-each-limited';
import { ChannelTestService } from './channel-test.service';

/** Channels retested at once by a retest of every channel; the keys of one channel go one by one. */
const CHANNELS_AT_ONCE = 4;

export interface RetestResult {
  tested: number;
  enabled: number;
}

/**
 * Brings back the keys the gateway disabled (status 3) that work again: each is tested with the
 * channel test, and one that passes (what the test reports as success) is enabled, with its
 * channel when the channel was disabled for want of keys. A key failing again keeps its status
 * and gets the new error. On request (multi_key/manage retest_disabled_keys, multi_key/retest)
 * and from the monitoring sweep when AutomaticEnableChannelEnabled is on (channel-test.job.ts).
 */
@Injectable()
export class KeyRetestService {
  private readonly logger = new Logger(KeyRetestService.name);

  constructor(
    private readonly keys: ChannelKeysService,
    private readonly tests: ChannelTestService,
  ) {}

  /**
   * The auto-disabled keys of one multi-key channel, on an administrator's request: a failure to
   * test at all (no model to test with, a key deleted meanwhile) is answered with its message.
   */
  async retestChannel(channelId: number): Promise<RetestResult> {
    await this.keys.requireMultiKey(channelId);
    return this.retestKeys(channelId, await this.keyIdsOf(channelId), false);
  }

  /** The same for the monitoring sweep: nothing for a single-key channel, failures to test logged. */
  async retestAutoDisabled(channelId: number): Promise<RetestResult> {
    return this.retestKeys(channelId, await this.keyIdsOf(channelId), true);
  }

  /** The auto-disabled keys of every multi-key channel; `channels` counts those that had any. */
  async retestAll(): Promise<RetestResult & { channels: number }> {
    const entries = await this.keys.autoDisabled();
    const total = { channels: entries.length, tested: 0, enabled: 0 };
    await forEachLimited(entries, CHANNELS_AT_ONCE, async ({ channelId, keyIds }) => {
      const { tested, enabled } = await this.retestKeys(channelId, keyIds, true);
      total.tested += tested;
      total.enabled += enabled;
    });
    return total;
  }

  private async keyIdsOf(channelId: number): Promise<number[]> {
    const [entry] = await this.keys.autoDisabled(channelId);
    return entry?.keyIds ?? [];
  }

  private async retestKeys(channelId: number, keyIds: readonly number[], quiet: boolean): Promise<RetestResult> {
    const result = { tested: 0, enabled: 0 };
    for (const keyId of keyIds) {
      try {
        const outcome = await this.tests.test(channelId, undefined, undefined, keyId);
        result.tested += 1;
        if (outcome.success && (await this.keys.enableRetested(channelId, keyId))) result.enabled += 1;
      } catch (error) {
        if (!quiet || !(error instanceof BusinessError)) throw error;
        this.logger.warn(`Key ${keyId} of channel ${channelId} not retested: ${error.message}`);
      }
    }
    return result;
  }
}
