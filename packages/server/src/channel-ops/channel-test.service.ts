import { Injectable } from '@nestjs/common';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { LOG_TYPE } from '../logs/log.entity';
import { LogWriterService } from '../logs/log-writer.service';
import { OptionsService } from '../options/options.service';
import { AutoDisableService } from '../relay/auto-disable.service';
import { PriceService } from '../relay/billing/price.service';
import type { RelayChannel } from '../relay/relay-context';
import { ChannelProbe, type ProbeResult } from './channel-probe';
import { ChannelRecords } from './channel-records';
import { testVerdict } from './test-verdict';

/** The administrator who asked for a test; the test's log row is theirs. */
export interface Tester {
  id: number;
  username: string;
}

export interface ChannelTestOutcome {
  /** The channel answered, in time. */
  success: boolean;
  message: string;
  /** Seconds the test took. */
  time: number;
  model: string;
  /** The upstream's HTTP status; 0 when none came. */
  upstream_status: number;
  /** What this test did to the channel's status. */
  status_change: 'disabled' | 'enabled' | null;
  /**
   * The channel's models with neither a price nor a ratio: a passing test does not make them
   * usable, the relay refuses them ("模型 X 未设置价格"), so the console warns beside the success.
   */
  unpriced_models: string[];
}

/**
 * Tests one channel with a real request (spec 2 §7 Channels): records the response time, never
 * charges anyone, and applies the auto-disable / auto-enable rules to the result.
 */
@Injectable()
export class ChannelTestService {
  constructor(
    private readonly records: ChannelRecords,
    private readonly probe: ChannelProbe,
    private readonly autoDisable: AutoDisableService,
    private readonly options: OptionsService,
    private readonly logs: LogWriterService,
    private readonly prices: PriceService,
  ) {}

  /**
   * `tester` is set when an administrator asked (one channel, or "test all"): only those tests
   * leave a log row, so that the monitoring schedule (every minute by default) does not flood
   * the usage log; its results still show as each channel's response time and status.
   */
  async test(channelId: number, model?: string, tester?: Tester): Promise<ChannelTestOutcome> {
    const record = await this.records.load(channelId);
    const testModel = model?.trim() || record.testModel || record.models[0];
    if (!testModel) throw new BusinessError('该渠道没有可用于测试的模型，请先设置测试模型或模型列表');
    const result = await this.probe.probe(record.channel, testModel);
    await this.records.saveTestResult(channelId, result.elapsedMs, nowSeconds());
    if (tester) this.writeLog(record.channel, testModel, result, tester);
    const change = await this.applyVerdict(record.channel, result);
    return {
      success: result.ok && change?.action !== 'disabled',
      message: change?.message ?? result.message,
      time: Math.round(result.elapsedMs) / 1000,
      model: testModel,
      upstream_status: result.status,
      status_change: change?.action ?? null,
      unpriced_models: this.prices.unpricedOf(record.models),
    };
  }

  private async applyVerdict(channel: RelayChannel, result: ProbeResult): Promise<{ action: 'disabled' | 'enabled'; message: string } | undefined> {
    const verdict = testVerdict(result, {
      mayDisable: this.autoDisable.mayDisable(channel),
      meansDeadKey: !result.ok && this.autoDisable.meansDeadKey(result.status, result.message),
      slowAfterSeconds: this.options.getNumber('ChannelDisableThreshold'),
    });
    // AutoDisableService moves only 1 → 3 and 3 → 1: a manually disabled channel stays as it is.
    if (verdict.action === 'disable' && (await this.autoDisable.disable(channel, verdict.reason))) {
      return { action: 'disabled', message: `${result.ok ? verdict.reason : result.message}（渠道已被自动禁用）` };
    }
    if (verdict.action === 'enable' && (await this.autoDisable.enable(channel))) {
      return { action: 'enabled', message: '测试成功，渠道已自动启用' };
    }
    return undefined;
  }

  private writeLog(channel: RelayChannel, model: string, result: ProbeResult, tester: Tester): void {
    this.logs.write({
      created_at: nowSeconds(),
      type: LOG_TYPE.CONSUME,
      user_id: tester.id,
      username: tester.username,
      token_id: 0,
      token_name: '',
      channel: channel.id,
      channel_name: channel.name,
      model_name: model,
      resp_model_name: channel.modelMapping[model] || model,
      group: '',
      quota: 0,
      prompt_tokens: 0,
      prompt_audio_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      completion_tokens: 0,
      thoughts_tokens: 0,
      use_time: Math.round(result.elapsedMs / 1000),
      is_stream: false,
      status_code: result.status,
      content: '渠道测试',
      other: JSON.stringify({ channel_test: { ok: result.ok, elapsed_ms: result.elapsedMs, error: result.ok ? undefined : result.message.slice(0, 500) } }),
      attempts_log: '[]',
      request_id: '',
      ip: '',
      instance: this.logs.instance,
      use_time_ms: Math.round(result.elapsedMs),
    });
  }
}
