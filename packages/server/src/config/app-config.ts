import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { EnvDto } from './env.dto';

export type ProcessRole = 'all' | 'api' | 'worker';

/**
 * What an outbound request to a configured address is for (docs/security.md, outbound addresses).
 * Channel base URLs follow the ChannelPrivateAddressEnabled option; the others are named in
 * OUTBOUND_ALLOW_PRIVATE to reach loopback and private addresses.
 */
export type OutboundPurpose = 'channel' | 'webhook' | 'oauth' | 'turnstile' | 'payment';
const ENV_OUTBOUND_PURPOSES: readonly OutboundPurpose[] = ['webhook', 'oauth', 'turnstile', 'payment'];

/** The validated runtime configuration every module reads (never process.env directly). */
export interface AppConfig {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix: string;
  role: ProcessRole;
  sessionSecret: string;
  cryptoSecret: string;
  initialRootPassword?: string;
  /** Proxies whose X-Forwarded-For is believed (Express "trust proxy" values). */
  trustedProxies: string[];
  webDistDir: string;
  /** Requests per minute per client IP: the console API, and the strict login/register/reset routes. */
  rateLimits: { api: number; auth: number };
  /** Answers one workflow run asks at once (WORKFLOW_RUN_CONCURRENCY, default 8); channel limits still apply. */
  workflowRunConcurrency: number;
  /** Async tasks (Midjourney, Suno): how often unfinished ones are polled (TASK_POLL_SECONDS, default 15) and when one is failed and refunded (TASK_TIMEOUT_MINUTES after submit, default 60). */
  tasks: { pollSeconds: number; timeoutMinutes: number };
  /**
   * Console sign-in sessions end after this long without a request (SESSION_IDLE_MINUTES, default
   * 7 days) and, however busy, this long after the sign-in (SESSION_MAX_MINUTES, default 30 days).
   */
  sessions: { idleSeconds: number; maxSeconds: number };
  /** The timezone of the statistics' calendar days and hours (STATS_TIMEZONE, default Asia/Shanghai). */
  statsTimeZone: string;
  /** This process's name in the statistics (INSTANCE_NAME, default the host name). */
  instanceName: string;
  logLevel: 'error' | 'warn' | 'log' | 'debug';
  /** Nest's text lines (default), or one JSON object a line carrying the request's id (LOG_FORMAT=json). */
  logFormat: 'text' | 'json';
  /** Purposes whose outbound requests may reach loopback and private addresses (OUTBOUND_ALLOW_PRIVATE). */
  outboundAllowPrivate: OutboundPurpose[];
  /** Where the third-party sign-in providers live (docs/configuration.md); overridden to point tests at local stand-ins. */
  oauthEndpoints: OAuthEndpoints;
  /** Cloudflare Turnstile's siteverify address (TURNSTILE_VERIFY_URL); tests point it at a local stand-in. */
  turnstileVerifyUrl: string;
  /** Stripe's API (STRIPE_API_URL, default https://api.stripe.com): a proxy, or a local stand-in in tests. */
  stripeApiUrl: string;
  /** Where uploaded files live: S3-compatible storage when configured, else DATA_DIR/uploads. */
  storage: { s3?: S3Config };
}

/** S3-compatible object storage (S3_* variables, docs/configuration.md). */
export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
  /** Where browsers fetch objects directly, without a trailing slash; unset: through /uploads/. */
  publicUrl?: string;
}

export interface OAuthEndpoints {
  /** GitHub's web host: /login/oauth/authorize and /login/oauth/access_token. */
  githubOAuth: string;
  /** GitHub's REST API: /user. */
  githubApi: string;
  /** LinuxDO Connect: /oauth2/authorize, /oauth2/token and /api/user. */
  linuxdo: string;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {}

const SECRETS_FILE = 'secrets.json';

/**
 * Reads SESSION_SECRET / CRYPTO_SECRET from DATA_DIR/secrets.json, generating and persisting the
 * missing ones (mode 0600). A secret given in the environment always wins.
 */
function loadPersistedSecrets(dataDir: string): { sessionSecret: string; cryptoSecret: string } {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SECRETS_FILE);
  const stored: Partial<{ sessionSecret: string; cryptoSecret: string }> = existsSync(file)
    ? JSON.parse(readFileSync(file, 'utf8'))
    : {};
  const secrets = {
    sessionSecret: stored.sessionSecret ?? randomBytes(32).toString('hex'),
    cryptoSecret: stored.cryptoSecret ?? randomBytes(32).toString('hex'),
  };
  if (stored.sessionSecret !== secrets.sessionSecret || stored.cryptoSecret !== secrets.cryptoSecret) {
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return secrets;
}

function parseTrustedProxies(value: string | undefined): string[] {
  if (!value) return [];
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  for (const entry of entries) {
    if (named.has(entry)) continue;
    const [address, prefix, extra] = entry.split('/');
    const version = isIP(address);
    const maxPrefix = version === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (!version || !prefixOk || extra !== undefined) {
      throw new ConfigError(`TRUSTED_PROXIES: "${entry}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`);
    }
  }
  return entries;
}

function parseOutboundAllowPrivate(value: string | undefined): OutboundPurpose[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
  const unknown = entries.filter((entry) => !ENV_OUTBOUND_PURPOSES.includes(entry as OutboundPurpose));
  if (unknown.length > 0) {
    throw new ConfigError(`OUTBOUND_ALLOW_PRIVATE: "${unknown.join(', ')}" is not one of ${ENV_OUTBOUND_PURPOSES.join(', ')} (channel addresses follow the ChannelPrivateAddressEnabled option)`);
  }
  return entries as OutboundPurpose[];
}

const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const;

/** S3 is all or nothing: a half-configured bucket would silently put uploads on the local disk. */
function parseS3(dto: EnvDto): S3Config | undefined {
  const missing = S3_REQUIRED.filter((name) => !dto[name]);
  const optionalGiven = Boolean(dto.S3_PUBLIC_URL || dto.S3_REGION);
  if (missing.length === S3_REQUIRED.length && !optionalGiven) return undefined;
  if (missing.length > 0) {
    throw new ConfigError(`Invalid environment:\n  - S3 storage needs ${S3_REQUIRED.join(', ')}; missing: ${missing.join(', ')} (unset all S3_* variables to keep uploads in DATA_DIR/uploads)`);
  }
  return {
    endpoint: dto.S3_ENDPOINT!.replace(/\/+$/, ''),
    bucket: dto.S3_BUCKET!,
    accessKey: dto.S3_ACCESS_KEY!,
    secretKey: dto.S3_SECRET_KEY!,
    region: dto.S3_REGION ?? 'us-east-1',
    publicUrl: dto.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

/** Validates the environment and builds the configuration; throws ConfigError with every problem found. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (`REDIS_URL=` in an .env file) means unset.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const dto = plainToInstance(EnvDto, given);
  const errors = validateSync(dto, { skipMissingProperties: false, forbidUnknownValues: false });
  if (errors.length > 0) {
    const lines = errors.flatMap((error) => Object.values(error.constraints ?? {}));
    throw new ConfigError(`Invalid environment:\n  - ${lines.join('\n  - ')}`);
  }
  const role = dto.ROLE ?? 'all';
  if (role !== 'all' && !dto.REDIS_URL) {
    throw new ConfigError(`Invalid environment:\n  - ROLE=${role} needs REDIS_URL: without Redis, jobs run inside the one process (ROLE=all)`);
  }
  const dataDir = resolve(dto.DATA_DIR || './data');
  const needsPersisted = !dto.SESSION_SECRET || !dto.CRYPTO_SECRET;
  const persisted = needsPersisted ? loadPersistedSecrets(dataDir) : undefined;
  return {
    port: dto.PORT ?? 3000,
    dataDir,
    databaseUrl: dto.DATABASE_URL || undefined,
    redisUrl: dto.REDIS_URL || undefined,
    redisPrefix: dto.REDIS_PREFIX || 'gw',
    role,
    sessionSecret: dto.SESSION_SECRET ?? persisted!.sessionSecret,
    cryptoSecret: dto.CRYPTO_SECRET ?? persisted!.cryptoSecret,
    initialRootPassword: dto.INITIAL_ROOT_PASSWORD || undefined,
    trustedProxies: parseTrustedProxies(dto.TRUSTED_PROXIES),
    webDistDir: resolve(dto.WEB_DIST_DIR || join(__dirname, '..', '..', '..', 'web', 'dist')),
    rateLimits: { api: dto.RATE_LIMIT_API ?? 600, auth: dto.RATE_LIMIT_AUTH ?? 10 },
    workflowRunConcurrency: dto.WORKFLOW_RUN_CONCURRENCY ?? 8,
    tasks: { pollSeconds: dto.TASK_POLL_SECONDS ?? 15, timeoutMinutes: dto.TASK_TIMEOUT_MINUTES ?? 60 },
    sessions: { idleSeconds: (dto.SESSION_IDLE_MINUTES ?? 7 * 24 * 60) * 60, maxSeconds: (dto.SESSION_MAX_MINUTES ?? 30 * 24 * 60) * 60 },
    statsTimeZone: dto.STATS_TIMEZONE ?? 'Asia/Shanghai',
    instanceName: dto.INSTANCE_NAME ?? hostname().slice(0, 64),
    logLevel: dto.LOG_LEVEL ?? 'log',
    logFormat: dto.LOG_FORMAT ?? 'text',
    outboundAllowPrivate: parseOutboundAllowPrivate(dto.OUTBOUND_ALLOW_PRIVATE),
    oauthEndpoints: {
      githubOAuth: (dto.GITHUB_OAUTH_BASE_URL ?? 'https://github.com').replace(/\/+$/, ''),
      githubApi: (dto.GITHUB_API_BASE_URL ?? 'https://api.github.com').replace(/\/+$/, ''),
      linuxdo: (dto.LINUXDO_OAUTH_BASE_URL ?? 'https://connect.linux.do').replace(/\/+$/, ''),
    },
    turnstileVerifyUrl: dto.TURNSTILE_VERIFY_URL ?? 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    stripeApiUrl: (dto.STRIPE_API_URL ?? 'https://api.stripe.com').replace(/\/+$/, ''),
    storage: { s3: parseS3(dto) },
  };
}
