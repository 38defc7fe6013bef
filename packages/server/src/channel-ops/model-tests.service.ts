import { Injectable } from '@nestjs/common';
import { CHANNEL_STATUS } from '@gw/shared';
import { ModelStatusService, msgNoSuchModel } from '../channels/model-status.service';
import { BusinessError } from '../common/business.error';
import { forEachLimited } from '../common/for-each-limited';
import type { ProbeEndpoint } from './channel-probe';
import { ChannelRecords } from './channel-records';
import { type ChannelTestOutcome, ChannelTestService, type Tester } from './channel-test.service';

/** Models of one channel tested at once: a channel's upstream sees at most this many test calls together. */
const MODELS_AT_ONCE = 4;

/** One model's line of the test matrix (POST /api/channel/test_models/:id). */
export interface ModelTestRow {
  model: string;
  success: boolean;
  /** Seconds. */
  time: number;
  message: string;
  endpoint: ProbeEndpoint;
  /** What the test did to the channel (a dead key disables it whichever model found it out). */
  status_change: ChannelTestOutcome['status_change'];
  /** What the test did to the model on the channel. */
  model_status_change: ChannelTestOutcome['model_status_change'];
}

export interface ModelRetestResult {
  tested: number;
  enabled: number;
}

const rowOf = (outcome: ChannelTestOutcome): ModelTestRow => ({
  model: outcome.model,
  success: outcome.success,
  time: outcome.time,
  message: outcome.message,
  endpoint: outcome.endpoint,
  status_change: outcome.status_change,
  model_status_change: outcome.model_status_change,
});

/**
 * Tests of every model of a channel (issue 29, model-level health), each the channel test of that
 * model (ChannelTestService.test), so each records what one test records: a model the upstream
 * lacks is disabled on the channel, an auto-disabled one that answers is enabled again.
 */
@Injectable()
export class ModelTestService {
  constructor(
    private readonly records: ChannelRecords,
    private readonly tests: ChannelTestService,
    private readonly models: ModelStatusService,
  ) {}

  /**
   * The channel's models (`only` of them when given), in the order of its list, on an
   * administrator's request (the log rows are theirs).
   */
  async testAll(channelId: number, tester: Tester, only?: readonly string[]): Promise<ModelTestRow[]> {
    const listed = (await this.records.load(channelId)).models;
    const unknown = only?.find((model) => !listed.includes(model));
    if (unknown !== undefined) throw new BusinessError(msgNoSuchModel(unknown));
    const models = only ? listed.filter((model) => only.includes(model)) : listed;
    if (models.length === 0) throw new BusinessError('该渠道没有模型');
    const rows: ModelTestRow[] = new Array(models.length);
    await forEachLimited([...models.keys()], MODELS_AT_ONCE, async (index) => {
      rows[index] = rowOf(await this.tests.test(channelId, models[index], tester));
    });
    return rows;
  }

  /**
   * The models the gateway disabled on an enabled channel, tested again by the monitoring sweep
   * when AutomaticEnableChannelEnabled is on; those that answer are enabled again. A disabled
   * channel's models wait for the channel: their test would say nothing new.
   */
  async retestAutoDisabled(channelId: number, tester?: Tester): Promise<ModelRetestResult> {
    const { status } = await this.records.load(channelId);
    if (status !== CHANNEL_STATUS.ENABLED) return { tested: 0, enabled: 0 };
    const models = await this.models.autoDisabled(channelId);
    const result = { tested: models.length, enabled: 0 };
    await forEachLimited(models, MODELS_AT_ONCE, async (model) => {
      if ((await this.tests.test(channelId, model, tester)).model_status_change === 'enabled') result.enabled += 1;
    });
    return result;
  }
}
