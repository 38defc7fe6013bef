import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * docker/compose.yml, checked by reading it (issue 19: no Docker engine runs here): the services
 * and their roles, health checks and the order they wait for, volumes, worker replicas, and that
 * every variable it passes is one the product reads and one docker/.env.example explains.
 */

const DOCKER = resolve(__dirname, '../../../docker');
const text = readFileSync(resolve(DOCKER, 'compose.yml'), 'utf8');
const compose = parse(text, { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  healthcheck?: { test?: string[]; disable?: boolean; interval?: string; retries?: number };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
  restart?: string;
  deploy?: { replicas?: string | number };
  stop_grace_period?: string;
}

/** `${NAME:-default}` → default; `${NAME:?message}` → undefined (required); a plain value as it is. */
const defaultOf = (value: string): string | undefined => {
  const match = /^\$\{[A-Z_]+(?::-(.*)|:\?.*)\}$/.exec(value);
  return match ? match[1] : value;
};

describe('docker/compose.yml', () => {
  const { app, worker, postgres, redis } = compose.services;

  it('runs the HTTP app, the workers, PostgreSQL and Redis', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'postgres', 'redis', 'worker']);
    expect(app.environment?.ROLE).toBe('api');
    expect(worker.environment?.ROLE).toBe('worker');
    // One image for both, built from the repository's Dockerfile.
    expect(app.image).toBe(worker.image);
    expect(app.build).toEqual({ context: '..', dockerfile: 'docker/Dockerfile' });
    expect(worker.build).toEqual(app.build);
    for (const service of Object.values(compose.services)) expect(service.restart).toBe('unless-stopped');
    // Only the app is published.
    expect(app.ports).toEqual(['${APP_PORT:-3000}:3000']);
    for (const service of [worker, postgres, redis]) expect(service.ports).toBeUndefined();
  });

  it('shares one database, one Redis and the secrets, which must be given', () => {
    for (const service of [app, worker]) {
      const env = service.environment!;
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/gateway:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/gateway$/);
      expect(env.REDIS_URL).toBe('redis://redis:6379');
      expect(defaultOf(env.SESSION_SECRET)).toBeUndefined();
      expect(defaultOf(env.CRYPTO_SECRET)).toBeUndefined();
    }
    expect(app.environment!.SESSION_SECRET).toBe(worker.environment!.SESSION_SECRET);
    expect(app.environment!.CRYPTO_SECRET).toBe(worker.environment!.CRYPTO_SECRET);
    expect(postgres.environment).toMatchObject({ POSTGRES_USER: 'gateway', POSTGRES_DB: 'gateway' });
  });

  it('checks health and starts the gateway only once PostgreSQL and Redis are healthy', () => {
    expect(app.healthcheck!.test!.join(' ')).toContain('http://127.0.0.1:3000/api/status');
    expect(postgres.healthcheck!.test!.join(' ')).toContain('pg_isready');
    expect(redis.healthcheck!.test).toEqual(['CMD', 'redis-cli', 'ping']);
    // A worker serves no HTTP: the image's /api/status check is turned off on purpose.
    expect(worker.healthcheck).toEqual({ disable: true });
    for (const service of [app, worker]) {
      expect(service.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
      // Long enough for requests and jobs in flight to finish after SIGTERM.
      expect(Number.parseInt(service.stop_grace_period ?? '0', 10)).toBeGreaterThanOrEqual(30);
    }
  });

  it('keeps data in named volumes', () => {
    expect(Object.keys(compose.volumes).sort()).toEqual(['gateway-data', 'postgres-data', 'redis-data']);
    expect(postgres.volumes).toEqual(['postgres-data:/var/lib/postgresql/data']);
    expect(redis.volumes).toEqual(['redis-data:/data']);
    // App and workers share DATA_DIR (/data in the image): uploads written by one are read by the other.
    expect(app.volumes).toEqual(['gateway-data:/data']);
    expect(worker.volumes).toEqual(app.volumes);
    // Redis keeps queued jobs across its restarts.
    expect(text).toMatch(/redis-server", "--appendonly", "yes"/);
  });

  it('runs at least two workers by default', () => {
    expect(Number(defaultOf(String(worker.deploy?.replicas)))).toBeGreaterThanOrEqual(2);
  });

  it('passes only variables the product reads, and .env.example explains every one it takes from there', () => {
    const envDto = readFileSync(resolve(__dirname, '../src/config/env.dto.ts'), 'utf8');
    const known = new Set([...envDto.matchAll(/^\s+([A-Z][A-Z0-9_]*)\??:/gm)].map((match) => match[1]));
    for (const service of [app, worker]) {
      for (const name of Object.keys(service.environment!)) expect(known, name).toContain(name);
    }
    const example = readFileSync(resolve(DOCKER, '.env.example'), 'utf8');
    const explained = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
    const taken = new Set([...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)[:}]/g)].map((match) => match[1]));
    expect([...taken].filter((name) => !explained.has(name))).toEqual([]);
  });
});
