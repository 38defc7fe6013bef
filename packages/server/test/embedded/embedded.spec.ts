import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILT_MAIN, type BuiltServer, startBuiltServer } from '../built-server';

const STARTUP_TIMEOUT_MS = 120_000;

describe('embedded defaults (PGlite + in-process jobs)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-embedded-'));
  const running: BuiltServer[] = [];
  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'migrates, prints a random root password once, keeps data across a restart',
    async () => {
      const first = await startBuiltServer({ DATA_DIR: dataDir });
      running.push(first);
      const match = /Its password, shown only this once: ([A-Za-z0-9_-]+)/.exec(first.output());
      expect(match, first.output()).not.toBeNull();
      const password = match![1];
      expect(existsSync(join(dataDir, 'pglite'))).toBe(true);
      const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
      expect(secrets.sessionSecret).toHaveLength(64);

      const agent = request.agent(first.url);
      const login = await agent.post('/api/user/login').send({ username: 'root', password });
      expect(login.body).toMatchObject({ success: true, data: { id: 1, role: 100 } });
      agent.set('New-Api-User', '1');
      const saved = await agent.put('/api/option/').send({ key: 'SystemName', value: '嵌入式网关' });
      expect(saved.body.success).toBe(true);
      await first.stop();

      // Same port: the signed-in client below talks to the restarted server.
      const second = await startBuiltServer({ DATA_DIR: dataDir }, first.port);
      running.push(second);
      expect(second.output()).not.toMatch(/shown only this once/);
      const status = await request(second.url).get('/api/status');
      expect(status.body.data.system_name).toBe('嵌入式网关');
      // The session survived too: sessions live in the database, signed with the persisted secret.
      const self = await agent.get('/api/user/self');
      expect(self.body).toMatchObject({ success: true, data: { username: 'root' } });
    },
    STARTUP_TIMEOUT_MS * 3,
  );

  it('refuses to start with a bad environment value and says why', async () => {
    const child = spawn(process.execPath, [BUILT_MAIN], { env: { ...process.env, PORT: 'abc', DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr!.on('data', (chunk) => (output += chunk));
    const code = await new Promise((done) => child.once('exit', done));
    expect(code).toBe(1);
    expect(output).toContain('PORT must be a whole number');
  });
});
