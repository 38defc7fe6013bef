import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Redis from 'ioredis';
import { Client } from 'pg';
import { freePort } from '../built-server';

/**
 * Redis and PostgreSQL servers of one test file's own, for tests that stop and restart them: the
 * machine's shared servers serve other test files at the same time and must never go down.
 */

const PG_BIN = '/usr/lib/postgresql/15/bin';
const REDIS_SERVER = '/usr/bin/redis-server';

/** Polls `check` until it answers true (each try waits for the last). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface PrivateRedis {
  url: string;
  /** Kills the server with SIGKILL and waits until it is gone (its data with it: no persistence). */
  kill: () => Promise<void>;
  /** Starts it again on the same port and waits until it answers. */
  restart: () => Promise<void>;
  /** A client of the test's own (reconnects by itself after a restart). */
  client: Redis;
  stop: () => Promise<void>;
}

/** A redis-server on a free port, without persistence. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const answers = async () => {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  };
  const start = async () => {
    child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await until(answers, `redis-server on port ${port} answering`);
  };
  const kill = async () => {
    const gone = child!;
    if (gone.exitCode !== null || gone.signalCode !== null) return;
    const exited = new Promise((resolve) => gone.once('exit', resolve));
    gone.kill('SIGKILL');
    await exited;
  };
  await start();
  const client = new Redis(url);
  client.on('error', () => undefined); // it reconnects by itself; the outages are the test's own doing
  return {
    url,
    kill,
    restart: start,
    client,
    stop: async () => {
      client.disconnect();
      await kill();
    },
  };
}

export interface PrivatePostgres {
  /** The server's address without a database name: `${url}/${database}`. */
  url: string;
  /** Creates an empty database. */
  createDatabase: (name: string) => Promise<void>;
  /** `pg_ctl stop -m immediate`: every backend dies at once, as in a crash. */
  crash: () => Promise<void>;
  /** `pg_ctl start`, waiting until it accepts connections (after crash recovery). */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * A PostgreSQL 15 cluster in a temporary directory on a free port. The tests run as root, and
 * initdb refuses root, so the cluster belongs to the `postgres` OS user (runuser). Stopping and
 * starting run asynchronously: an application in the test's process keeps running meanwhile.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'gw-private-pg-'));
  chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
  const data = join(dir, 'data');
  const asPostgres = (command: string, args: string[]) => promisify(execFile)('runuser', ['-u', 'postgres', '--', join(PG_BIN, command), ...args]);
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  // Unix socket in the temporary directory (not /var/run/postgresql, which belongs to the shared server); no fsync: test data.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => void (await asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']));
  const stop = async (mode: 'immediate' | 'fast') => void (await asPostgres('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']));
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}`;
  return {
    url,
    createDatabase: async (name) => {
      const admin = new Client({ connectionString: `${url}/postgres` });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
      } finally {
        await admin.end();
      }
    },
    crash: () => stop('immediate'),
    restart: start,
    stop: async () => {
      await stop('immediate').catch(() => undefined); // not running: a test stopped it
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
