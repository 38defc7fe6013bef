import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { BusinessError } from '../common/business.error';
import { OptionsService } from '../options/options.service';
import { EmailChallengesService } from './email-challenges.service';
import { emailRefusal, normalizeEmail } from './email-rules';
import { MailerService } from './mailer.service';
import { codeMail } from './mail-templates';

/** Capitals and digits without look-alikes (0/O, 1/I/L): 31^6 ≈ 8.9 × 10^8 codes. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;
const CODE_TTL_SECONDS = 600;

export const MSG_CODE_INVALID = '验证码错误或已过期';
export const MSG_EMAIL_TAKEN = '邮箱地址已被占用';
export const MSG_EMAIL_CODE_REQUIRED = '管理员开启了邮箱验证，请输入邮箱地址和验证码';

/** Raised inside the caller's transaction when the code does not match, so that nothing of it is kept. */
class WrongCode extends Error {}

/** Claims a verified address inside the caller's transaction; throws when it belongs to another account. */
export type EmailClaim = (manager: EntityManager) => Promise<void>;

/**
 * Verification codes (spec 1 §2.4, §2.7): 6 characters from the CSPRNG, valid 10 minutes, one
 * active code per address, another after 30 s, stored as their hash and used once. A code proves
 * that the caller reads the address; registration and e-mail binding both spend it.
 */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly options: OptionsService,
    private readonly challenges: EmailChallengesService,
    private readonly mailer: MailerService,
  ) {}

  /** The address as stored, or a BusinessError when the format, the domain whitelist or the alias rule refuses it. */
  acceptableEmail(raw: string): string {
    const email = normalizeEmail(raw);
    const refusal = emailRefusal(email, {
      domainRestriction: this.options.getBoolean('EmailDomainRestrictionEnabled'),
      domainWhitelist: this.options.get('EmailDomainWhitelist'),
      aliasRestriction: this.options.getBoolean('EmailAliasRestrictionEnabled'),
    });
    if (refusal) throw new BusinessError(refusal);
    return email;
  }

  /**
   * Sends a code to any acceptable address, registered or not: whether an address belongs to an
   * account is told only to whoever proves it is theirs with the code (no enumeration).
   */
  async sendCode(raw: string): Promise<void> {
    const email = this.acceptableEmail(raw);
    this.mailer.assertConfigured();
    const code = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    const issued = await this.challenges.issue('verify', email, code, CODE_TTL_SECONDS);
    if (!issued.issued) throw new BusinessError(`发送过于频繁，请 ${issued.waitSeconds} 秒后再试`);
    try {
      await this.mailer.send(codeMail(email, this.options.get('SystemName'), code, CODE_TTL_SECONDS / 60));
    } catch (error) {
      await this.challenges.withdraw(issued.id);
      throw error;
    }
  }

  /**
   * Runs `work`, which must call the given claim first inside its transaction: the claim spends
   * the code and makes sure no other live account (but `ownerId`) holds the address, serialized
   * per address. A failing transaction gives the code back; a wrong code counts against the
   * address (voided after 5) and nothing of `work` is kept.
   */
  async withVerifiedEmail<T>(raw: string, code: string, work: (email: string, claim: EmailClaim) => Promise<T>, ownerId?: number): Promise<T> {
    const email = this.acceptableEmail(raw);
    const claim: EmailClaim = async (manager) => {
      if (!(await this.challenges.consume(manager, 'verify', email, code.trim().toUpperCase()))) throw new WrongCode();
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`email-owner:${email}`]);
      const [holder]: Array<{ id: number }> = await manager.query(
        'SELECT id FROM users WHERE lower(email) = $1 AND deleted_at IS NULL AND id <> $2 LIMIT 1',
        [email, ownerId ?? 0],
      );
      if (holder) throw new BusinessError(MSG_EMAIL_TAKEN);
    };
    try {
      return await work(email, claim);
    } catch (error) {
      if (!(error instanceof WrongCode)) throw error;
      await this.challenges.recordWrongCode(email);
      throw new BusinessError(MSG_CODE_INVALID);
    }
  }
}
