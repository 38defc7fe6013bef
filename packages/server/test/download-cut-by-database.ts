import type { Response, Test } from 'supertest';
import type { DataSource } from 'typeorm';
import { binaryBody } from './binary-body';

export interface CutDownload {
  /** The status and content type the download began with. */
  began: { status: number; type: string };
  /** How the download ended: 'finished', or the client's error code ('ECONNRESET' when cut short). */
  ended: string;
}

/** The process id of the connection waiting for a lock on `table`. */
async function lockWaiter(db: DataSource, table: string): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const [row] = await db.query('SELECT pid FROM pg_locks WHERE relation = $1::regclass AND NOT granted', [table]);
    if (row) return row.pid as number;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`nothing waits for ${table}`);
}

/**
 * Makes the database fail a download after its first bytes, for real: `table` is held locked, the
 * download (a request not yet sent, with its timeout set) is started, and once its headers have
 * come the application's connection waiting for the lock is terminated.
 */
export async function downloadCutByDatabase(db: DataSource, table: string, download: Test): Promise<CutDownload> {
  const holder = db.createQueryRunner();
  await holder.connect();
  await holder.startTransaction();
  await holder.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  let onHeaders: (began: CutDownload['began']) => void = () => undefined;
  const headers = new Promise<CutDownload['began']>((resolve) => (onHeaders = resolve));
  const ended = download
    .buffer(true)
    .parse((reply: Response, done: (error: Error | null, body: Buffer) => void) => {
      onHeaders({ status: reply.statusCode, type: String(reply.headers['content-type']) });
      binaryBody(reply, done);
    })
    .then(
      () => 'finished',
      (error: { code?: string }) => error.code ?? String(error),
    );
  try {
    const began = await Promise.race([headers, ended.then(() => undefined)]);
    if (!began) throw new Error(`the download ended (${await ended}) before its headers`);
    await db.query('SELECT pg_terminate_backend($1)', [await lockWaiter(db, table)]);
    return { began, ended: await ended };
  } finally {
    await holder.rollbackTransaction();
    await holder.release();
  }
}
