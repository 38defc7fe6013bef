import proxyAddr from 'proxy-addr';
import type { AppConfig } from './app-config';

/** Whether the address at a hop (0: the peer) is a trusted proxy. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * The rule of Express's "trust proxy" setting (app.factory.ts), for code that reads node:http
 * requests before or without Express: the relay's front door and the compare chat's door.
 */
export const proxyTrust = (config: Pick<AppConfig, 'trustedProxies'>): ProxyTrust =>
  config.trustedProxies.length > 0 ? proxyAddr.compile(config.trustedProxies) : () => false;
