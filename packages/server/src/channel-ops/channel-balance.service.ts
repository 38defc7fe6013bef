import { Injectable } from '@nestjs/common';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import { openAiErrorMessage } from '../relay/adaptors/openai.adaptor';
import { UpstreamClient } from '../relay/upstream.client';
import { AlertService } from './alert.service';
import { type Balance, balanceApiFor, type GetJson } from './balance-apis';
import { type ChannelRecord, ChannelRecords } from './channel-records';

/** Seconds a provider's balance API may take. */
const BALANCE_TIMEOUT_SECONDS = 15;

export const MSG_BALANCE_UNSUPPORTED = '该渠道类型不支持查询余额';

export interface BalanceView {
  /** In the provider's currency, as its own console shows it. */
  balance: number;
  currency: Balance['currency'];
  balance_updated_time: number;
}

/**
 * A channel balance in quota units, the unit of QuotaRemindThreshold (an int option like every
 * other quota amount): dollars × QuotaPerUnit, yuan converted to dollars at the site's Price
 * (yuan per dollar of quota).
 */
export function balanceInQuota(balance: Balance, options: OptionsService): number {
  const dollars = balance.currency === 'USD' ? balance.amount : balance.amount / (options.getNumber('Price') || 1);
  return dollars * options.getNumber('QuotaPerUnit');
}

/** Refreshes channel balances from the providers' public APIs (spec 2 §7 Channels, update_balance). */
@Injectable()
export class ChannelBalanceService {
  constructor(
    private readonly records: ChannelRecords,
    private readonly upstream: UpstreamClient,
    private readonly options: OptionsService,
    private readonly alerts: AlertService,
  ) {}

  async refresh(channelId: number): Promise<BalanceView> {
    const record = await this.records.load(channelId);
    const api = balanceApiFor(record.channel);
    if (!api) throw new BusinessError(MSG_BALANCE_UNSUPPORTED);
    let balance: Balance;
    try {
      balance = await api(record.channel, this.getJson);
    } catch (error) {
      throw new BusinessError(`余额查询失败：${error instanceof Error ? error.message : String(error)}`);
    }
    const updatedTime = nowSeconds();
    await this.records.saveBalance(channelId, balance.amount, updatedTime);
    this.remindIfLow(record, balance);
    return { balance: balance.amount, currency: balance.currency, balance_updated_time: updatedTime };
  }

  /**
   * Alerts once when the balance falls below QuotaRemindThreshold: on the first refresh, or when
   * the previous balance was still above it, so that a low channel refreshed again and again (or
   * a job delivered twice) does not repeat the alert.
   */
  private remindIfLow(record: ChannelRecord, balance: Balance): void {
    const threshold = this.options.getNumber('QuotaRemindThreshold');
    const low = (amount: number) => balanceInQuota({ amount, currency: balance.currency }, this.options) < threshold;
    if (!low(balance.amount) || (record.balanceUpdatedTime > 0 && low(record.balance))) return;
    const { channel } = record;
    // Not awaited: the administrator waiting for the reply should not wait for the webhook.
    void this.alerts.send(
      `渠道「${channel.name}」（#${channel.id}）余额不足`,
      `当前余额 ${balance.amount.toFixed(2)} ${balance.currency}，低于提醒阈值 ${threshold}（额度）`,
    );
  }

  private readonly getJson: GetJson = async (url, headers) => {
    const response = await this.upstream.send({ url, method: 'GET', headers }, BALANCE_TIMEOUT_SECONDS, AbortSignal.timeout(BALANCE_TIMEOUT_SECONDS * 1000));
    const raw = await response.body.text();
    if (response.statusCode < 200 || response.statusCode >= 300) throw new Error(`HTTP ${response.statusCode}: ${openAiErrorMessage(raw)}`);
    try {
      return JSON.parse(raw);
    } catch {
      throw new Error('上游返回了无法解析的响应');
    }
  };
}
