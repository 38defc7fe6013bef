import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { serveSpa } from './spa';

describe(serveSpa.name, () => {
  const dist = mkdtempSync(join(tmpdir(), 'gw-spa-'));
  writeFileSync(join(dist, 'index.html'), '<html>console</html>');
  // The server's routes come after the SPA's fallback, as Nest registers them at init.
  const sut = express();
  serveSpa(sut, dist);
  sut.get(/.*/, (_request, response) => {
    response.json({ server: true });
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('serves the console for its own routes', async () => {
    for (const path of ['/', '/token', '/dashboard', '/detail']) expect((await request(sut).get(path)).text, path).toBe('<html>console</html>');
  });

  it('leaves the server its paths, OpenAI billing without /v1 included', async () => {
    for (const path of ['/api/status', '/v1/models', '/dashboard/billing/subscription', '/dashboard/billing/usage?start_date=2025-01-01']) {
      expect((await request(sut).get(path)).body, path).toEqual({ server: true });
    }
  });
});
