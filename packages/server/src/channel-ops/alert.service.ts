import { Injectable, Logger } from '@nestjs/common';
import { nowSeconds } from '../common/time';
import { OptionsService } from '../options/options.service';
import { OutboundPolicy } from '../outbound/outbound-policy.service';

/** A webhook that does not answer within this time is given up on: alerts must never pile up. */
const WEBHOOK_TIMEOUT_MS = 5000;

/** The JSON body POSTed to AlertWebHookUrl (docs/configuration.md, Monitoring). */
export interface AlertPayload {
  title: string;
  content: string;
  /** Unix seconds. */
  time: number;
}

/**
 * Tells the operators about channel events (auto-disable, auto-enable, low balance) through the
 * webhook of AlertWebHookUrl when AlertEnabled is on. A failed delivery is logged and dropped:
 * an alert is never a reason for the operation that raised it to fail.
 */
@Injectable()
export class AlertService {
  private readonly logger = new Logger(AlertService.name);

  constructor(
    private readonly options: OptionsService,
    private readonly outbound: OutboundPolicy,
  ) {}

  async send(title: string, content: string): Promise<void> {
    const url = this.options.get('AlertWebHookUrl');
    if (!this.options.getBoolean('AlertEnabled') || !url) return;
    const payload: AlertPayload = { title, content, time: nowSeconds() };
    try {
      // Loopback and private addresses only when OUTBOUND_ALLOW_PRIVATE names webhook (docs/security.md).
      const response = await this.outbound.fetch('webhook', url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) this.logger.warn(`Alert "${title}" refused by the webhook: HTTP ${response.status}`);
    } catch (error) {
      this.logger.warn(`Alert "${title}" not delivered: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
