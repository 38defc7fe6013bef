import { isEmail } from 'class-validator';

export const MSG_EMAIL_INVALID = '邮箱地址格式不正确';
export const MSG_EMAIL_DOMAIN_REFUSED = '管理员启用了邮箱域名白名单，您的邮箱地址的域名不在白名单中';
export const MSG_EMAIL_ALIAS_REFUSED = '管理员已启用邮箱地址别名限制，您的邮箱地址由于包含特殊符号而被拒绝';

export interface EmailRuleOptions {
  domainRestriction: boolean;
  /** The EmailDomainWhitelist option: a comma list of domains. */
  domainWhitelist: string;
  aliasRestriction: boolean;
}

/**
 * The stored form of an address: trimmed and lower-cased, so that one mailbox is one address for
 * codes, bindings and resets (mail providers treat the local part case-insensitively in practice).
 */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Why an (already normalized) address may not receive a code or be bound, or undefined when it may:
 * the domain whitelist (exact domain, not its subdomains) and the `+` alias restriction.
 */
export function emailRefusal(email: string, rules: EmailRuleOptions): string | undefined {
  if (!isEmail(email)) return MSG_EMAIL_INVALID;
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (rules.domainRestriction) {
    const allowed = rules.domainWhitelist.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean);
    if (!allowed.includes(domain)) return MSG_EMAIL_DOMAIN_REFUSED;
  }
  if (rules.aliasRestriction && local.includes('+')) return MSG_EMAIL_ALIAS_REFUSED;
  return undefined;
}
