import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on 127.0.0.1 at a free port that keeps every message it receives, parsed
 * (the stand-in for the operator's mail server). Plain SMTP without STARTTLS, so the product's
 * client sends in clear as it does to any server that offers no TLS; it accepts any login.
 */
export class MockSmtpServer {
  port = 0;
  readonly messages: ParsedMail[] = [];
  /** Logins seen (user names), to check that the SMTP account is used. */
  readonly logins: string[] = [];
  private server?: SMTPServer;

  async start(): Promise<this> {
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authOptional: true,
      logger: false,
      onAuth: (auth, _session, callback) => {
        this.logins.push(auth.username ?? '');
        callback(null, { user: auth.username });
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.messages.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  /** Messages to `address` received so far. */
  to(address: string): ParsedMail[] {
    return this.messages.filter((mail) => [mail.to].flat().some((to) => to?.value.some((entry) => entry.address === address)));
  }

  /** Waits until `count` messages to `address` arrived (the reset mail leaves after the reply). */
  async waitFor(address: string, count = 1, timeoutMs = 5000): Promise<ParsedMail[]> {
    const start = Date.now();
    while (this.to(address).length < count) {
      if (Date.now() - start > timeoutMs) throw new Error(`only ${this.to(address).length} of ${count} mail(s) to ${address} arrived`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.to(address);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
