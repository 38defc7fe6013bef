import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectRoutes as appRoutes } from '../../test/routes';
import { startTestApp, TestApp } from '../../test/test-app';
import { ACCESS_KEY } from './access.decorator';

interface Route {
  route: string;
  rule: unknown;
}

/** Every route of every controller, with the access rule the guard will apply to it. */
function collectRoutes(t: TestApp): Route[] {
  return appRoutes(t).map(({ route, handler, controller }) => ({
    route,
    rule: Reflect.getMetadata(ACCESS_KEY, handler) ?? Reflect.getMetadata(ACCESS_KEY, controller),
  }));
}

describe('access rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('every controller route declares who may call it', () => {
    const routes = collectRoutes(t);
    expect(routes.length).toBeGreaterThan(10);
    const missing = routes.filter((route) => !['public', 'user', 'admin', 'root', 'root-user'].includes(route.rule as string));
    expect(missing.map((route) => route.route)).toEqual([]);
  });

  it('the public routes are exactly the ones meant to be public', () => {
    const publicRoutes = collectRoutes(t)
      .filter((route) => route.rule === 'public')
      .map((route) => route.route)
      .sort();
    expect(publicRoutes).toEqual(
      [
        'GET /api/status',
        'GET /api/notice',
        'GET /api/about',
        'GET /api/home_page_content',
        // The pricing page: guests see the default group's prices (spec 2 §2).
        'GET /api/pricing',
        'POST /api/user/login',
        // The code step of a sign-in with 2FA: needs the pending sign-in of this browser (two-factor.spec.ts).
        'POST /api/user/login/2fa',
        // Passkeys (passkeys.spec.ts): the discoverable sign-in (PasskeyLoginEnabled), and a passkey as the
        // second factor, which needs the pending sign-in of this browser; each finish needs its browser's challenge.
        'POST /api/user/passkey/login/begin',
        'POST /api/user/passkey/login/finish',
        'POST /api/user/login/2fa/passkey/begin',
        'POST /api/user/login/2fa/passkey/finish',
        'POST /api/user/logout',
        'POST /api/user/register',
        // E-mail codes and password reset (email-auth): strict throttle, Turnstile when enabled.
        'GET /api/verification',
        'GET /api/reset_password',
        'POST /api/user/reset',
        // The data market's custom-data request form (spec 3 §2.1), open to visitors; throttled per address.
        'POST /api/customer_connect/',
        // The data market's reads (spec 3 §2.1): guests browse; records past the first DATA_GUEST_ROWS need a session.
        'GET /api/data_library_info/',
        'GET /api/data_library_info/:id',
        'GET /api/data_library_info/source',
        // Third-party sign-in (oauth): the state, the authorize redirects and the sign-ins; the binding
        // routes need a user, GET /api/oauth/{github,linuxdo} binds only with a state issued to one.
        'GET /api/oauth/state',
        'GET /api/oauth/github/authorize',
        'GET /api/oauth/linuxdo/authorize',
        'GET /api/oauth/github',
        'GET /api/oauth/linuxdo',
        // OpenID Connect (oidc.spec.ts): the same shape as GitHub's; DELETE /api/oauth/oidc/bind needs a user.
        'GET /api/oauth/oidc/authorize',
        'GET /api/oauth/oidc',
        'GET /api/oauth/wechat',
        'GET /api/oauth/telegram/login',
        // Epay's notify (payments): its server calls it; believed only through the merchant key's signature.
        'GET /api/user/epay/notify',
        'POST /api/user/epay/notify',
        // Stripe's webhook: its servers call it; believed only through the endpoint secret's signature.
        'POST /api/stripe/webhook/',
        // Public to the session guard, authenticated by its sk- token. The relay's POST endpoints
        // are not Nest routes: RelayFrontDoor serves them, each call checked by its sk- token
        // (relay.spec.ts covers calls without or with a wrong token).
        'GET /v1/models',
        'GET /v1beta/models',
        // OpenAI's billing endpoints, with and without /v1 as new-api serves them (openai-billing.spec.ts).
        'GET /v1/dashboard/billing/subscription',
        'GET /dashboard/billing/subscription',
        'GET /v1/dashboard/billing/usage',
        'GET /dashboard/billing/usage',
        // Async tasks (tasks/): the Midjourney and Suno APIs, each call checked by its sk- token
        // (midjourney.spec.ts and suno.spec.ts cover calls without one)…
        'POST /mj/submit/:route',
        'POST /mj/insight-face/swap',
        'GET /mj/task/:id/fetch',
        'POST /mj/task/list-by-condition',
        'POST /suno/submit/:action',
        'POST /suno/fetch',
        'GET /suno/fetch/:id',
        // …a task's picture, embedded in pages (the random task id is the capability)…
        'GET /mj/image/:id',
        // …and the upstream's notices, believed only through the signature in their address, and then only as "ask me".
        'POST /mj/notify/:channel/:signature',
        // Prometheus' scrape (metrics/): no session; MetricsTokenGuard answers 404 while MetricsToken is
        // empty and 401 without the bearer token (metrics.spec.ts).
        'GET /metrics/',
        // The console API's description (api-docs/): the page and Swagger UI's files hold no data; the
        // document itself (GET /api/docs/openapi.json) is root-only, fetched by the page with New-Api-User.
        'GET /api/docs/',
        'GET /api/docs/ui/:file',
        // The queue dashboard (queue-board/, bull-board): a browser opening it cannot send New-Api-User,
        // so QueueBoardGuard checks root on every path instead (queue-board.spec.ts).
        'ALL /api/queues/{/*path}',
        // A run's results shared by its owner (workflows/runs/shared-run.controller.ts): the token is the
        // capability, hashed at rest and revocable; throttled per address (run-report.spec.ts).
        'GET /api/share/run/:token',
        'GET /api/share/run/:token/samples',
      ].sort(),
    );
  });
});
