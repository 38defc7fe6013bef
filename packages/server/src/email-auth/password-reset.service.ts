import { randomInt } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isEmail } from 'class-validator';
import { DataSource } from 'typeorm';
import { randomToken } from '../auth/hash-token';
import { SessionsService } from '../auth/sessions.service';
import { BusinessError } from '../common/business.error';
import { OptionsService } from '../options/options.service';
import { hashPassword } from '../users/password';
import { EmailChallengesService } from './email-challenges.service';
import { MSG_EMAIL_INVALID, normalizeEmail } from './email-rules';
import { MailerService } from './mailer.service';
import { resetMail } from './mail-templates';

const RESET_TTL_SECONDS = 900;
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const NEW_PASSWORD_LENGTH = 12;

export const MSG_RESET_LINK_INVALID = '重置链接非法或已过期';
export const MSG_SERVER_ADDRESS_MISSING = '管理员未设置服务器地址，无法发送密码重置邮件';

/**
 * Password reset by e-mail (spec 1 §2.5): a single-use link valid 15 minutes; following it sets a
 * new random password, shown once. Asking never tells whether the address has an account.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly options: OptionsService,
    private readonly challenges: EmailChallengesService,
    private readonly mailer: MailerService,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * The reply is the same whether or not the address belongs to an account, and whether a link was
   * sent or held back by the 30-second rule. The mail leaves after the reply (its failure is
   * logged), so the answer time does not tell either.
   */
  async request(raw: string): Promise<void> {
    const email = normalizeEmail(raw);
    if (!isEmail(email)) throw new BusinessError(MSG_EMAIL_INVALID);
    this.mailer.assertConfigured();
    const serverAddress = this.options.get('ServerAddress');
    if (!serverAddress) throw new BusinessError(MSG_SERVER_ADDRESS_MISSING);

    const [user]: Array<{ id: number }> = await this.dataSource.query(
      'SELECT id FROM users WHERE lower(email) = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1',
      [email],
    );
    if (!user) return;
    const token = randomToken(32);
    const issued = await this.challenges.issue('reset', email, token, RESET_TTL_SECONDS, user.id);
    if (!issued.issued) return;
    // The link is built from ServerAddress only, never from the request's Host (which a caller chooses).
    const link = `${serverAddress}/user/reset?${new URLSearchParams({ email, token })}`;
    void this.mailer
      .send(resetMail(email, this.options.get('SystemName'), link, RESET_TTL_SECONDS / 60))
      .catch(() => this.challenges.withdraw(issued.id))
      .catch((error: unknown) => this.logger.error(`Reset link ${issued.id} could not be withdrawn: ${String(error)}`));
  }

  /** Spends the link and returns the new password; every session of the account ends. */
  async confirm(raw: string, token: string): Promise<string> {
    const email = normalizeEmail(raw);
    const password = Array.from({ length: NEW_PASSWORD_LENGTH }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
    const passwordHash = await hashPassword(password);
    const userId = await this.dataSource.transaction(async (manager) => {
      const used = await this.challenges.consume(manager, 'reset', email, token);
      if (!used?.userId) throw new BusinessError(MSG_RESET_LINK_INVALID);
      // The account must still hold the address the link was sent to.
      const changed: Array<{ id: number }> = await manager.query(
        `WITH changed AS (UPDATE users SET password_hash = $1 WHERE id = $2 AND lower(email) = $3 AND deleted_at IS NULL RETURNING id)
         SELECT id FROM changed`,
        [passwordHash, used.userId, email],
      );
      if (changed.length === 0) throw new BusinessError(MSG_RESET_LINK_INVALID);
      return used.userId;
    });
    await this.sessions.closeAllOf(userId);
    return password;
  }
}
