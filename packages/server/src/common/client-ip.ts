/**
 * An address as people know it: an IPv4 client of a dual-stack listener arrives as
 * ::ffff:a.b.c.d, and is shown (and recorded) as a.b.c.d.
 */
export const plainIp = (ip: string): string => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
