import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'gw-config-'));

describe(loadConfig.name, () => {
  it('applies the defaults of the runtime contract', () => {
    const sut = loadConfig({ DATA_DIR: dataDir() });
    expect(sut).toMatchObject({ port: 3000, role: 'all', databaseUrl: undefined, redisUrl: undefined, redisPrefix: 'gw', logFormat: 'text' });
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('generates SESSION_SECRET and CRYPTO_SECRET once and persists them in DATA_DIR (0600)', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.sessionSecret).toHaveLength(64);
    expect(first.sessionSecret).not.toBe(first.cryptoSecret);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(second.cryptoSecret).toBe(first.cryptoSecret);
    const file = join(dir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).sessionSecret).toBe(first.sessionSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir() }).sessionSecret).not.toBe(first.sessionSecret);
  });

  it('prefers secrets given in the environment', () => {
    const sut = loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: 's'.repeat(40), CRYPTO_SECRET: 'c'.repeat(40) });
    expect(sut.sessionSecret).toBe('s'.repeat(40));
    expect(sut.cryptoSecret).toBe('c'.repeat(40));
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number'],
    [{ PORT: '70000' }, 'PORT must be between 1 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    [{ ROLE: 'both' }, 'ROLE must be one of all, api, worker'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET must be at least 32 characters'],
    [{ INITIAL_ROOT_PASSWORD: 'short' }, 'INITIAL_ROOT_PASSWORD must be 8 to 20 characters'],
    [{ ROLE: 'worker' }, 'ROLE=worker needs REDIS_URL'],
    [{ TRUSTED_PROXIES: 'not-an-ip' }, 'TRUSTED_PROXIES: "not-an-ip" is not an IP address'],
    [{ TRUSTED_PROXIES: '10.0.0.0/99' }, 'TRUSTED_PROXIES: "10.0.0.0/99" is not an IP address'],
    [{ TRUSTED_PROXIES: '10.0.0.0/8/1' }, 'TRUSTED_PROXIES: "10.0.0.0/8/1" is not an IP address'],
    [{ OUTBOUND_ALLOW_PRIVATE: 'webhook,channel' }, 'OUTBOUND_ALLOW_PRIVATE: "channel" is not one of webhook'],
    [{ LOG_FORMAT: 'JSON' }, 'LOG_FORMAT must be text or json'],
  ])('rejects %o with a clear message', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it('treats an empty variable as unset and accepts trusted proxy lists', () => {
    const sut = loadConfig({ DATA_DIR: dataDir(), REDIS_URL: '', TRUSTED_PROXIES: 'loopback, 10.0.0.0/8, fd00::/8' });
    expect(sut.redisUrl).toBeUndefined();
    expect(sut.trustedProxies).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8']);
  });

  it('allows no outbound purpose to reach private addresses unless OUTBOUND_ALLOW_PRIVATE names it', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).outboundAllowPrivate).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir(), OUTBOUND_ALLOW_PRIVATE: ' webhook ' }).outboundAllowPrivate).toEqual(['webhook']);
  });
});
