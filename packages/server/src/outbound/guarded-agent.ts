import { Agent, buildConnector } from 'undici';
import { guardedLookup, refusalOfHostname } from './address-policy';

/**
 * An undici Agent whose every new connection passes the outbound-address policy: IP literals and
 * metadata names before connecting, names after DNS resolution (guardedLookup). Pooled keep-alive
 * connections were checked when they opened, so a request costs nothing beyond its DNS lookup;
 * redirects, when a caller follows them, open new connections through the same check.
 */
export function createGuardedAgent(allowPrivate: boolean, options: Omit<Agent.Options, 'connect'> = {}): Agent {
  const connectChecked = buildConnector({ lookup: guardedLookup(allowPrivate) } as buildConnector.BuildOptions);
  const connect: buildConnector.connector = (target, callback) => {
    const refused = refusalOfHostname(target.hostname, allowPrivate);
    if (refused) return callback(refused, null);
    return connectChecked(target, callback);
  };
  return new Agent({ ...options, connect });
}
