import { Injectable, Logger } from '@nestjs/common';
import { OptionsService } from '../options/options.service';
import { TRADE_NO_PATTERN } from './dto/complete-topup-order.dto';
import { readEpayConfig } from './epay-config';
import { EPAY_TRADE_SUCCESS, methodOfEpayType } from './epay-protocol';
import { epaySignatureValid } from './epay-sign';
import { TopupOrdersService } from './topup-orders.service';
import { parseYuan } from './topup-price';

/** What Epay expects in reply: `success` stops its retries, anything else makes it try again later. */
export type NotifyAnswer = 'success' | 'fail';

/** Only text parameters: a repeated or nested one (`a[]=…`) is not something Epay sends. */
function textParams(raw: Record<string, unknown>): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value !== 'string') return undefined;
    params[name] = value;
  }
  return params;
}

/**
 * Epay's asynchronous notify (GET query or POST form): believed only when the signature is the
 * merchant key's (constant-time compare), `pid` is ours, `trade_status` is TRADE_SUCCESS, and the
 * order exists with that money and payment method. Then the order is paid through the one
 * exactly-once path. Neither the sign nor the key is ever logged.
 */
@Injectable()
export class EpayNotifyService {
  private readonly logger = new Logger(EpayNotifyService.name);

  constructor(
    private readonly options: OptionsService,
    private readonly orders: TopupOrdersService,
  ) {}

  async handle(raw: Record<string, unknown>): Promise<NotifyAnswer> {
    const config = readEpayConfig(this.options);
    if (!config) return this.refuse('online top-up is not configured');
    const params = textParams(raw);
    if (!params) return this.refuse('a parameter is not text');
    const tradeNo = params.out_trade_no ?? '';
    if (!TRADE_NO_PATTERN.test(tradeNo)) return this.refuse('no valid out_trade_no');
    if (params.sign_type !== undefined && params.sign_type.toUpperCase() !== 'MD5') return this.refuse(`unsupported sign_type for ${tradeNo}`);
    if (!epaySignatureValid(params, config.key)) return this.refuse(`bad or missing signature for ${tradeNo}`);
    if (params.pid !== config.pid) return this.refuse(`another merchant's pid for ${tradeNo}`);
    if (params.trade_status !== EPAY_TRADE_SUCCESS) return this.refuse(`trade_status is not ${EPAY_TRADE_SUCCESS} for ${tradeNo}`);
    const moneyCents = parseYuan(params.money ?? '');
    const method = methodOfEpayType(params.type ?? '');
    if (moneyCents === undefined || method === undefined) return this.refuse(`unreadable money or type for ${tradeNo}`);

    const outcome = await this.orders.complete(tradeNo, { via: 'notify', upstreamTradeNo: (params.trade_no ?? '').slice(0, 64), moneyCents, method });
    if (outcome === 'ok' || outcome === 'already_paid') return 'success';
    return this.refuse(outcome === 'unknown' ? `unknown order ${tradeNo}` : `money or payment method differ from order ${tradeNo}`);
  }

  private refuse(reason: string): NotifyAnswer {
    this.logger.warn(`Epay notify refused: ${reason}`);
    return 'fail';
  }
}
