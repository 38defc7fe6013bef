import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import TestAgent from 'supertest/lib/agent';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';

describe('security headers (integration)', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'gw-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
    t = await startTestApp({ WEB_DIST_DIR: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/console/token', '/assets/app.js', '/api/status'])('sends the console headers on %s', async (path) => {
    const reply = await t.http().get(path);
    expect(reply.status).toBe(200);
    const csp = reply.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  describe('form-action and the Epay gateway', () => {
    let root: TestAgent;
    const formAction = async (path: string) => {
      const csp: string = (await t.http().get(path)).headers['content-security-policy'];
      return csp.split(';').find((directive) => directive.startsWith('form-action'));
    };
    const save = async (key: string, value: string) => expect((await root.put('/api/option/').send({ key, value })).body.success, `${key}=${value}`).toBe(true);

    beforeAll(async () => {
      root = (await t.login('root', ROOT_PASSWORD)).agent;
      await save('ServerAddress', 'https://gw.example.com');
    });

    it('allows only the console itself while no PayAddress is set', async () => {
      expect(await formAction('/')).toBe("form-action 'self'");
    });

    it('also allows the PayAddress origin, at once after a change, so the wallet page can post the payment form', async () => {
      await save('PayAddress', 'https://pay.example.com/epay/');
      for (const path of ['/', '/topup', '/api/status']) expect(await formAction(path), path).toBe("form-action 'self' https://pay.example.com");
      await save('PayAddress', 'http://127.0.0.1:8080');
      expect(await formAction('/')).toBe("form-action 'self' http://127.0.0.1:8080");
      await save('PayAddress', '');
      expect(await formAction('/')).toBe("form-action 'self'");
    });

    it("allows Stripe's Checkout while a Stripe secret key is set", async () => {
      await save('PayAddress', 'https://pay.example.com');
      await save('StripeApiSecret', 'sk_test_csp');
      expect(await formAction('/topup')).toBe("form-action 'self' https://pay.example.com https://checkout.stripe.com");
      await save('PayAddress', '');
      expect(await formAction('/topup')).toBe("form-action 'self' https://checkout.stripe.com");
      await save('StripeApiSecret', '');
      expect(await formAction('/topup')).toBe("form-action 'self'");
    });

    it('leaves out a PayAddress that is no plain origin, and still serves the page', async () => {
      await save('PayAddress', 'https://pay.example.com;script-src');
      const reply = await t.http().get('/');
      expect(reply.status).toBe(200);
      expect(reply.headers['content-security-policy']).toContain("form-action 'self';");
      expect(reply.headers['content-security-policy']).not.toContain('script-src;');
      await save('PayAddress', '');
    });
  });

  it('keeps the page policy off relay answers', async () => {
    const reply = await t.http().get('/v1/models');
    expect(reply.status).toBe(401);
    expect(reply.headers['content-security-policy']).toBeUndefined();
  });
});
