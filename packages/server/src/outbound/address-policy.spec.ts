import { describe, expect, it } from 'vitest';
import { classifyAddress, guardedLookup, refusalOfHostname } from './address-policy';

const lookup = (hostname: string, allowPrivate: boolean) =>
  new Promise<{ error: Error | null; addresses: unknown }>((resolve) => {
    guardedLookup(allowPrivate)(hostname, { all: true }, (error, addresses) => resolve({ error, addresses }));
  });

/** What a URL's hostname becomes after the WHATWG parser, as every outbound client sees it. */
const hostnameOf = (url: string) => new URL(url).hostname;

describe('outbound address policy', () => {
  it.each([
    ['169.254.169.254', 'forbidden'],
    ['169.254.0.23', 'forbidden'],
    ['fe80::1', 'forbidden'],
    ['fd00:ec2::254', 'forbidden'],
    ['100.100.100.200', 'forbidden'],
    ['::ffff:169.254.169.254', 'forbidden'],
    ['224.0.0.1', 'forbidden'],
    ['255.255.255.255', 'forbidden'],
    ['127.0.0.1', 'private'],
    ['127.8.9.10', 'private'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['0.0.0.0', 'private'],
    ['::1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:127.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'private'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['2606:4700::1111', 'public'],
    ['64:ff9b::808:808', 'public'],
  ])('classifies %s as %s', (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it.each(['http://2130706433/', 'http://0x7f.1/', 'http://127.1/', 'http://0177.0.0.1/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://0/'])(
    'refuses the loopback form %s unless private addresses are allowed',
    (url) => {
      expect(refusalOfHostname(hostnameOf(url), false)?.message).toMatch(/出站地址策略拒绝访问 .*本机或内网地址未被允许/);
      expect(refusalOfHostname(hostnameOf(url), true)).toBeUndefined();
    },
  );

  it.each(['http://169.254.169.254/', 'http://2852039166/', 'http://[fe80::1]/', 'http://metadata.google.internal/', 'http://METADATA.google.internal./', 'http://[fd00:ec2::254]/'])(
    'refuses %s even where private addresses are allowed',
    (url) => {
      expect(refusalOfHostname(hostnameOf(url), true)?.message).toMatch(/一律禁止访问/);
    },
  );

  it('leaves names to the check after DNS resolution', () => {
    expect(refusalOfHostname('api.openai.com', false)).toBeUndefined();
  });

  it('refuses a name that resolves to loopback unless private addresses are allowed', async () => {
    const refused = await lookup('localhost', false);
    expect(refused.error?.message).toMatch(/出站地址策略拒绝访问 localhost（(127\.0\.0\.1|::1)）/);
    const allowed = await lookup('localhost', true);
    expect(allowed.error).toBeNull();
    expect(allowed.addresses).toEqual(expect.arrayContaining([expect.objectContaining({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) })]));
  });
});
