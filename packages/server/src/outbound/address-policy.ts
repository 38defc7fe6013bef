import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The outbound-address policy (docs/security.md): where the server may send a request whose URL
 * an administrator configured or a user gave.
 *
 * - `forbidden`: link-local, cloud metadata, multicast, broadcast, reserved: never.
 * - `private`: loopback, private ranges, carrier-grade NAT, unique-local IPv6, the unspecified
 *   address: only where the caller's purpose allows them.
 * - `public`: everything else.
 */
export type AddressClass = 'public' | 'private' | 'forbidden';

const PRIVATE_RANGES = new Set(['loopback', 'private', 'carrierGradeNat', 'uniqueLocal', 'unspecified']);

/** Cloud instance-metadata services outside the link-local range (which is forbidden anyway). */
const METADATA_ADDRESSES = new Set([
  // AWS over IPv6
  'fd00:ec2:0:0:0:0:0:254',
  // Alibaba Cloud ECS
  '100.100.100.200',
]);

/** Names of metadata services, refused before any DNS lookup. */
const METADATA_HOSTNAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata.tencentyun.com', 'instance-data.ec2.internal']);

/** An IPv6 address that carries an IPv4 one (::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d) is judged by that IPv4 address. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  if (address.range() === 'rfc6052') return ipaddr.fromByteArray(address.toByteArray().slice(12)) as ipaddr.IPv4;
  return undefined;
}

/** The class of an IP address (any form ipaddr.js parses: dotted, IPv6, IPv4-mapped). */
export function classifyAddress(ip: string): AddressClass {
  let address: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(ip);
  if (address.kind() === 'ipv6') address = embeddedIpv4(address as ipaddr.IPv6) ?? address;
  if (METADATA_ADDRESSES.has(address.toNormalizedString())) return 'forbidden';
  const range = address.range();
  if (range === 'unicast') return 'public';
  return PRIVATE_RANGES.has(range) ? 'private' : 'forbidden';
}

/** Raised (as a connection error) for an address the policy refuses. */
export class OutboundAddressRefusedError extends Error {
  readonly code = 'OUTBOUND_ADDRESS_REFUSED';

  /** `reason` alone names no address: for callers who must not show it (an upstream's picture address). */
  constructor(
    target: string,
    readonly reason: string,
  ) {
    super(`出站地址策略拒绝访问 ${target}：${reason}`);
  }
}

const describe = (host: string, ip: string) => (host === ip ? ip : `${host}（${ip}）`);

/** Why the policy refuses to connect to `ip` (reached as `host`), or undefined when it may. */
export function refusalOf(host: string, ip: string, allowPrivate: boolean): OutboundAddressRefusedError | undefined {
  const addressClass = classifyAddress(ip);
  if (addressClass === 'forbidden') {
    return new OutboundAddressRefusedError(describe(host, ip), '链路本地、云元数据等地址一律禁止访问');
  }
  if (addressClass === 'private' && !allowPrivate) {
    return new OutboundAddressRefusedError(describe(host, ip), '本机或内网地址未被允许');
  }
  return undefined;
}

/**
 * The check that needs no DNS: metadata names and IP literals. `hostname` is a URL's hostname,
 * IPv6 with or without brackets; the WHATWG URL parser has already turned 2130706433, 0x7f.1 and
 * 127.1 into 127.0.0.1.
 */
export function refusalOfHostname(hostname: string, allowPrivate: boolean): OutboundAddressRefusedError | undefined {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (METADATA_HOSTNAMES.has(host)) return new OutboundAddressRefusedError(host, '云元数据服务一律禁止访问');
  return isIP(host) ? refusalOf(host, host, allowPrivate) : undefined;
}

/**
 * A `lookup` for net/tls.connect that resolves as usual and refuses when any address the name
 * resolves to is refused: the socket then connects to exactly the address that was checked.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const early = refusalOfHostname(hostname, allowPrivate);
    if (early) return callback(early, options.all ? [] : '', 0);
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, options.all ? [] : '', 0);
      for (const { address } of addresses) {
        const refused = refusalOf(hostname, address, allowPrivate);
        if (refused) return callback(refused, options.all ? [] : '', 0);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  }) as LookupFunction;
}
