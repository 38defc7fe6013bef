import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedApp, startEmbeddedApp } from '../../test/embedded-app';
import { CONSOLE_TOKEN_NAME } from './console-token';

/** The embedded default (DESIGN.md §3): the console token's lock and unique index on PGlite. */
describe('the console token on the embedded database (integration)', () => {
  let embedded: EmbeddedApp;

  beforeAll(async () => {
    embedded = await startEmbeddedApp('console-token');
  }, 120_000);
  afterAll(async () => embedded?.close());

  it('is created once by concurrent first console calls of a fresh root', async () => {
    const root = await embedded.signInRoot();
    // No channel serves the model: each call is refused after its token was found or created.
    const replies = await Promise.all(Array.from({ length: 5 }, () => root.post('/pg/chat/completions').send({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] })));
    expect(replies.map((reply) => reply.body.error?.code)).toEqual(Array(5).fill('model_not_found'));
    const tokens = (await root.get('/api/token/')).body.data.items;
    expect(tokens.map((token: { name: string }) => token.name)).toEqual([CONSOLE_TOKEN_NAME]);
  });
});
