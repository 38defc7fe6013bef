import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';

describe('users (integration)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates root (id 1, role 100) on first start with INITIAL_ROOT_PASSWORD', async () => {
    const { agent, userId } = await t.login('root', ROOT_PASSWORD);
    expect(userId).toBe(1);
    const self = await agent.get('/api/user/self');
    expect(self.body).toMatchObject({ success: true, data: { id: 1, username: 'root', role: 100 } });
    expect(self.body.data).not.toHaveProperty('password_hash');
  });

  it('answers 401 without a session', async () => {
    const reply = await t.http().get('/api/user/self');
    expect(reply.status).toBe(401);
    expect(reply.body.success).toBe(false);
  });
});
