import { Injectable, Logger } from '@nestjs/common';
import { SMTPS_PORT } from '@gw/shared';
import { createTransport } from 'nodemailer';
import { BusinessError } from '../common/business.error';
import { OptionsService } from '../options/options.service';

export const MSG_SMTP_NOT_CONFIGURED = 'SMTP 服务器未配置，请联系管理员';
export const MSG_MAIL_FAILED = '邮件发送失败，请稍后重试或联系管理员';

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * Outgoing mail over the SMTP options (spec 1 §3). Implicit TLS when SMTPSSLEnabled is on or the
 * port is 465 (spec 1 §5); otherwise plain SMTP, upgraded with STARTTLS whenever the server offers
 * it. The server is the operator's own setting, so it is not subject to the outbound-address
 * policy (docs/security.md).
 */
@Injectable()
export class MailerService {
  private readonly logger = new Logger(MailerService.name);

  constructor(private readonly options: OptionsService) {}

  /** Refuses before any work when no SMTP server is set, so that every caller fails the same way. */
  assertConfigured(): void {
    if (!this.options.get('SMTPServer')) throw new BusinessError(MSG_SMTP_NOT_CONFIGURED);
  }

  async send(mail: Mail): Promise<void> {
    this.assertConfigured();
    const o = this.options;
    const port = o.getNumber('SMTPPort');
    const account = o.get('SMTPAccount');
    const transport = createTransport({
      host: o.get('SMTPServer'),
      port,
      secure: o.getBoolean('SMTPSSLEnabled') || String(port) === SMTPS_PORT,
      auth: account ? { user: account, pass: o.get('SMTPToken') } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    try {
      await transport.sendMail({ from: o.get('SMTPFrom') || account, ...mail });
    } catch (error) {
      // The reason (host, reply code) is for the operator's log; the user gets a plain message.
      this.logger.error(`Mail to ${mail.to.replace(/^[^@]*/, '***')} failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new BusinessError(MSG_MAIL_FAILED);
    } finally {
      transport.close();
    }
  }
}
