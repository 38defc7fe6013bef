import { describe, expect, it } from 'vitest';
import { emailRefusal, MSG_EMAIL_ALIAS_REFUSED, MSG_EMAIL_DOMAIN_REFUSED, MSG_EMAIL_INVALID, normalizeEmail } from './email-rules';

const open = { domainRestriction: false, domainWhitelist: 'example.com', aliasRestriction: false };

describe(emailRefusal.name, () => {
  it('accepts any well-formed address when no restriction is on', () => {
    expect(emailRefusal('a+b@anywhere.org', open)).toBeUndefined();
  });

  it('refuses a malformed address', () => {
    expect(emailRefusal('not-an-address', open)).toBe(MSG_EMAIL_INVALID);
    expect(emailRefusal('a@b', open)).toBe(MSG_EMAIL_INVALID);
  });

  it('admits only whitelisted domains, exactly (no subdomains), ignoring spaces and case in the list', () => {
    const rules = { ...open, domainRestriction: true, domainWhitelist: ' Example.com , qq.com,' };
    expect(emailRefusal('user@example.com', rules)).toBeUndefined();
    expect(emailRefusal('user@qq.com', rules)).toBeUndefined();
    expect(emailRefusal('user@mail.example.com', rules)).toBe(MSG_EMAIL_DOMAIN_REFUSED);
    expect(emailRefusal('user@example.com.evil.org', rules)).toBe(MSG_EMAIL_DOMAIN_REFUSED);
  });

  it('refuses + aliases when the alias restriction is on', () => {
    const rules = { ...open, aliasRestriction: true };
    expect(emailRefusal('user+tag@example.com', rules)).toBe(MSG_EMAIL_ALIAS_REFUSED);
    expect(emailRefusal('first.last@example.com', rules)).toBeUndefined();
  });
});

describe(normalizeEmail.name, () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Alice@Example.COM ')).toBe('alice@example.com');
  });
});
