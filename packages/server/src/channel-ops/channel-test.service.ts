import { Injectable } from '@nestjs/common';
import { CHANNEL_KEY_STATUS } from '@gw/shared';
import { ChannelKeysService } from '../channels/channel-keys.service';
import { ALL_KEYS_DISABLED } from '../channels/key-auto-disable';
import { ModelStatusService } from '../channels/model-status.service';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { LOG_TYPE } from '../logs/log.entity';
import { LogWriterService } from '../logs/log-writer.service';
import { OptionsService } from '../options/options.service';
import { AutoDisableService } from '../relay/auto-disable.service';
import { PriceService } from '../relay/billing/price.service';
import type { RelayChannel } from '../relay/relay-context';
import { AlertService } from './alert.service';
import { ChannelProbe, type ProbeEndpoint, type ProbeResult } from './channel-probe';
import { type ChannelRecord, ChannelRecords } from './channel-records';
import { type TestVerdict, testVerdict } from './test-verdict';

/** A failed test as a key's last error (the probe has masked the key out of the message). */
const failureText = (result: ProbeResult) => (result.status ? `HTTP ${result.status}: ${result.message}` : result.message).slice(0, 1000);

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
  /**
   * What this test did: to the channel's status, or ('key_disabled') to the tested key of a
   * multi-key channel, which the channel outlived.
   */
  status_change: 'disabled' | 'enabled' | 'key_disabled' | null;
  /**
   * What this test did to the tested model on this channel (model-status.service.ts): 'disabled'
   * when the upstream said it does not have the model, 'enabled' when an auto-disabled model answered.
   */
  model_status_change: 'disabled' | 'enabled' | null;
  /** The endpoint the model was tested through (channel-probe.ts probeEndpoint). */
  endpoint: ProbeEndpoint;
  /** The key of a multi-key channel that was tested; null for a single-key channel. */
  key_id: number | null;
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
    private readonly keys: ChannelKeysService,
    private readonly alerts: AlertService,
    private readonly models: ModelStatusService,
  ) {}

  /**
   * `tester` is set when an administrator asked (one channel, or "test all"): only those tests
   * leave a log row, so that the monitoring schedule (every minute by default) does not flood
   * the usage log; its results still show as each channel's response time and status. A multi-key
   * channel is tested with its key `keyId`, or its first enabled key (ChannelRecords.load).
   *
   * Without `model`, the channel's test_model, else its first model, passing over models disabled
   * on the channel (a test of a model the upstream lacks says nothing of the channel). A failure
   * saying the upstream lacks the model is the model's (DESIGN.md §5.8): it is disabled on this
   * channel when the channel's auto_ban allows, and the channel and its key are left as they are.
   * A model the gateway disabled that answers is enabled again (AutomaticEnableChannelEnabled).
   */
  async test(channelId: number, model?: string, tester?: Tester, keyId?: number): Promise<ChannelTestOutcome> {
    const record = await this.records.load(channelId, keyId);
    const testModel = model?.trim() || (await this.defaultModel(record));
    if (!testModel) throw new BusinessError('该渠道没有可用于测试的模型，请先设置测试模型或模型列表');
    const result = await this.probe.probe(record.channel, testModel);
    await this.records.saveTestResult(channelId, result.elapsedMs, nowSeconds());
    if (tester) this.writeLog(record, testModel, result, tester);
    const modelGone = !result.ok && this.models.meansModelGone(record.channel, testModel, result.status, `${result.message} ${result.codes}`);
    const change = modelGone ? undefined : await this.applyVerdict(record, result);
    const modelChange = await this.applyModelVerdict(record.channel, testModel, result, modelGone);
    return {
      success: result.ok && change?.action !== 'disabled',
      message: change?.message ?? (modelChange === 'disabled' ? `${result.message}（模型 ${testModel} 已在该渠道被自动禁用）` : result.message),
      time: Math.round(result.elapsedMs) / 1000,
      model: testModel,
      upstream_status: result.status,
      status_change: change?.action ?? null,
      model_status_change: modelChange,
      endpoint: result.endpoint,
      key_id: record.key?.id ?? null,
      unpriced_models: this.prices.unpricedOf(record.models),
    };
  }

  /** The first of test_model and the channel's models that is not disabled on the channel; else the first of them. */
  private async defaultModel(record: ChannelRecord): Promise<string | undefined> {
    const candidates = [record.testModel, ...record.models].filter(Boolean);
    const disabled = await this.models.disabled(record.channel.id);
    return candidates.find((candidate) => !disabled.has(candidate)) ?? candidates[0];
  }

  /** The model's status after its test: disabled when the upstream lacks it (auto_ban allowing), enabled again when it answered. */
  private async applyModelVerdict(channel: RelayChannel, model: string, result: ProbeResult, modelGone: boolean): Promise<ChannelTestOutcome['model_status_change']> {
    if (modelGone) {
      const reason = `HTTP ${result.status}: ${`${result.message} ${result.codes}`.trim().slice(0, 300)}`;
      return this.models.mayDisable(channel) && (await this.models.disable(channel, model, reason)) ? 'disabled' : null;
    }
    return result.ok && (await this.models.enable(channel, model)) ? 'enabled' : null;
  }

  private async applyVerdict(record: ChannelRecord, result: ProbeResult): Promise<{ action: NonNullable<ChannelTestOutcome['status_change']>; message: string } | undefined> {
    const { channel, key } = record;
    const meansDeadKey = !result.ok && this.autoDisable.meansDeadKey(result.status, result.message);
    const verdict = testVerdict(result, {
      mayDisable: this.autoDisable.mayDisable(channel),
      meansDeadKey,
      slowAfterSeconds: this.options.getNumber('ChannelDisableThreshold'),
    });
    if (key) {
      if (!result.ok) await this.keys.recordError(key.id, failureText(result));
      // With several keys the unit of a dead key is the key (DESIGN.md §5.8); slowness stays the channel's.
      if (verdict.action === 'disable' && meansDeadKey) return this.disableKey(channel, key.id, verdict, result);
      // A key the gateway disabled comes back only through a retest (key-retest.service.ts): its
      // answer alone does not bring back the channel either.
      if (verdict.action === 'enable' && key.status !== CHANNEL_KEY_STATUS.ENABLED) return undefined;
    }
    // AutoDisableService moves only 1 → 3 and 3 → 1: a manually disabled channel stays as it is.
    if (verdict.action === 'disable' && (await this.autoDisable.disable(channel, verdict.reason))) {
      return { action: 'disabled', message: `${result.ok ? verdict.reason : result.message}（渠道已被自动禁用）` };
    }
    if (verdict.action === 'enable' && (await this.autoDisable.enable(channel))) {
      return { action: 'enabled', message: '测试成功，渠道已自动启用' };
    }
    return undefined;
  }

  private async disableKey(channel: RelayChannel, keyId: number, verdict: TestVerdict & { action: 'disable' }, result: ProbeResult): Promise<{ action: 'disabled' | 'key_disabled'; message: string } | undefined> {
    const { keyDisabled, channelDisabled } = await this.keys.autoDisableKey(channel.id, keyId, verdict.reason);
    if (!keyDisabled) return undefined;
    if (!channelDisabled) return { action: 'key_disabled', message: `${result.message}（该密钥已被自动禁用）` };
    void this.alerts.send(`渠道「${channel.name}」（#${channel.id}）已被自动禁用`, `原因：${ALL_KEYS_DISABLED}（最后一个密钥：${verdict.reason}）`);
    return { action: 'disabled', message: `${result.message}（该密钥已被自动禁用，渠道已无可用密钥并被自动禁用）` };
  }

  private writeLog({ channel, key }: ChannelRecord, model: string, result: ProbeResult, tester: Tester): void {
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
      other: JSON.stringify({ channel_test: { ok: result.ok, elapsed_ms: result.elapsedMs, key_id: key?.id, error: result.ok ? undefined : result.message.slice(0, 500) } }),
      attempts_log: '[]',
      request_id: '',
      ip: '',
      instance: this.logs.instance,
      use_time_ms: Math.round(result.elapsedMs),
    });
  }
}
