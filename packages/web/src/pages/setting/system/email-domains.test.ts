import { describe, expect, it } from 'vitest';
import { addDomain, joinDomains, parseDomains, removeDomain } from './email-domains';

describe('email domain whitelist', () => {
  it('is read from and written to a comma list', () => {
    expect(parseDomains(' gmail.com, qq.com,,')).toEqual(['gmail.com', 'qq.com']);
    expect(parseDomains('')).toEqual([]);
    expect(joinDomains(['gmail.com', 'qq.com'])).toBe('gmail.com,qq.com');
  });

  it('adds a new domain and ignores duplicates and blanks', () => {
    expect(addDomain(['gmail.com'], ' example.com ')).toEqual(['gmail.com', 'example.com']);
    expect(addDomain(['gmail.com'], 'gmail.com')).toEqual(['gmail.com']);
    expect(addDomain(['gmail.com'], 'GMail.com')).toEqual(['gmail.com']);
    expect(addDomain(['gmail.com'], '  ')).toEqual(['gmail.com']);
  });

  it('removes a domain', () => {
    expect(removeDomain(['gmail.com', 'qq.com'], 'gmail.com')).toEqual(['qq.com']);
  });
});
