import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedApp, startEmbeddedApp } from '../../test/embedded-app';

/** The sliding idle end of sessions (sessions.service.ts) on the embedded database, whose SQL is PGlite's. */
describe('sessions on PGlite', () => {
  let embedded: EmbeddedApp;
  const now = () => Math.floor(Date.now() / 1000);
  const endOfSession = async () => Number((await embedded.db.query('SELECT expires_at FROM sessions'))[0].expires_at);

  beforeAll(async () => {
    embedded = await startEmbeddedApp('sessions');
  });
  afterAll(async () => {
    await embedded.close();
  });

  it('moves the idle end of a session in use, and refuses one past it', async () => {
    const root = await embedded.signInRoot();
    await embedded.db.query('UPDATE sessions SET expires_at = $1', [now() + 30]);
    expect((await root.get('/api/user/self')).status).toBe(200);
    // The default idle period is 7 days; the move is written after the answer.
    await expect.poll(endOfSession, { timeout: 5_000 }).toBeGreaterThan(now() + 7 * 24 * 3600 - 60);
    await embedded.db.query('UPDATE sessions SET expires_at = $1', [now() - 1]);
    expect((await root.get('/api/user/self')).status).toBe(401);
  });
});
