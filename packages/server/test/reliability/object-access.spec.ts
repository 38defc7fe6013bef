import { randomUUID } from 'node:crypto';
import {
  ANSWER_NODE_DATA,
  INPUT_NODE_DATA,
  LLM_NODE_DATA,
  MONITOR_TIME_TYPES,
  MONITOR_TYPES,
  MSG_CHAT_MESSAGE_NOT_FOUND,
  MSG_CONVERSATION_NOT_FOUND,
  MSG_MONITOR_UPSTREAM_ROOT_ONLY,
  MSG_PASSKEY_NOT_FOUND,
  MSG_PROJECT_NOT_FOUND,
  MSG_SESSION_NOT_FOUND,
  MSG_TALKING_NOT_FOUND,
  MSG_USER_FILE_NOT_FOUND,
  MSG_USER_FILE_URL_UNKNOWN,
  MSG_WORKFLOW_DRAFT_NOT_FOUND,
  MSG_WORKFLOW_RUN_NOT_FOUND,
  START_NODE_DEFAULT,
} from '@gw/shared';
import type { Response, Test } from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_KEY } from '../../src/auth/access.decorator';
import { LogWriterService } from '../../src/logs/log-writer.service';
import { MSG_MONITOR_OTHER_USER } from '../../src/monitoring/monitor.service';
import { MSG_ORDER_NOT_FOUND } from '../../src/payments/dto/complete-topup-order.dto';
import { QuotaLedgerService } from '../../src/relay/billing/quota-ledger.service';
import { MSG_OWN_CODE } from '../../src/redemptions/redeem.service';
import { UsageRollupService } from '../../src/statistics/rollups/usage-rollup.service';
import { MSG_CHAT_IMAGE_NOT_FOUND } from '../../src/talkings/chat-images';
import { MSG_TOKEN_NOT_FOUND } from '../../src/tokens/dto/token-id.rules';
import { MSG_NOT_LOWER, MSG_OWN_GROUP, MSG_OWN_QUOTA } from '../../src/users/user-admin-rules';
import { MockOpenAiUpstream } from '../mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../relay-fixture';
import { collectRoutes } from '../routes';
import { SoftAuthenticator } from '../soft-authenticator';

/**
 * Fault and attack item 6 of issue 19: who may touch whose objects. Alice owns one of every kind
 * of object; bob, an ordinary user, calls every route a signed-in user can call with alice's ids.
 * Each route has a row in CHECKS (what bob tries and what must hold) or in EXEMPT (why there is
 * nothing to try); the rows are matched against the running application's route list, so a new
 * route without a row fails here. Then the field-level rules: no one raises their own role,
 * balance or group, and an administrator acts only on users it outranks. Roles per route (guest
 * 401, user 403) are access-rules.spec.ts's; ranks between administrators user-admin.spec.ts's.
 */

/** In every name alice gives her objects, and her username: a reply to bob that holds it leaks her data. */
const SECRET = 'alice-secret';
/** A model only alice's group (svip) is served: bob's group has no channel for it. */
const ALICE_MODEL = 'svip-only-model';
const BOB_MODEL = 'mock-a';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const CSV = Buffer.from('question,answer\nq1,a1\nq2,a2\n');

/** Alice's objects, as bob would name them in a path, query or body. */
interface Ids {
  user: number;
  username: string;
  token: number;
  key: string;
  talking: number;
  conversation: number;
  message: number;
  chatImage: string;
  upload: string;
  file: number;
  app: number;
  draft: number;
  run: number;
  tradeNo: string;
  drawing: string;
  music: string;
  /** The public id of her browser's session (signed-in devices). */
  session: string;
  /** Her passkey. */
  passkey: number;
  /** The plan she subscribes to (plans are on sale to everyone; her subscription is hers). */
  plan: number;
  subscription: number;
}

/** Ids of the same shape that nobody has: another user's object must be answered exactly like these. */
const NOBODY = 99_999_999;
const MISSING: Ids = {
  user: NOBODY,
  username: 'nobody-here',
  token: NOBODY,
  key: `sk-${'x'.repeat(48)}`,
  talking: NOBODY,
  conversation: NOBODY,
  message: NOBODY,
  chatImage: `/uploads/chat/${'0'.repeat(32)}.png`,
  upload: `/uploads/files/${'0'.repeat(32)}.txt`,
  file: NOBODY,
  app: NOBODY,
  draft: NOBODY,
  run: NOBODY,
  tradeNo: 'NOSUCHORDER0000000000',
  drawing: '1'.repeat(19),
  music: '00000000-0000-4000-8000-000000000000',
  session: 'AAAAAAAAAAAAAAAA',
  passkey: NOBODY,
  plan: NOBODY,
  subscription: NOBODY,
};

/** What the checks need: alice's ids, and bob (quota 0, one token, never a relay call) with objects of his own. */
interface Scene {
  f: RelayFixture;
  alice: Ids;
  aliceAgent: TestAgent;
  bob: TestAgent;
  bobId: number;
  bobKey: string;
  bobToken: number;
  bobApp: number;
  bobTalking: number;
  bobConversation: number;
  bobUpload: string;
}
let s: Scene;

type Call = (ids: Ids) => Test;
type Probe =
  /** Alice's ids answered exactly like ids nobody has (status and body); when `message` is given, as that refusal. */
  | { kind: 'hidden'; call: Call; message?: string | RegExp }
  /** Succeeds, showing bob only his own: `also` checks the reply's data. */
  | { kind: 'own'; call: Call; also?: (data: any) => void }
  /** Refused with `message`. */
  | { kind: 'refused'; call: Call; message: string | RegExp }
  /** Its own assertions. */
  | { kind: 'custom'; run: () => Promise<void> };

const hidden = (call: Call, message?: string | RegExp): Probe => ({ kind: 'hidden', call, message });
const own = (call: Call, also?: (data: any) => void): Probe => ({ kind: 'own', call, also });
const refused = (call: Call, message: string | RegExp): Probe => ({ kind: 'refused', call, message });
const custom = (run: () => Promise<void>): Probe => ({ kind: 'custom', run });

const now = () => Math.floor(Date.now() / 1000);
/** Two days around now: alice's usage is inside. */
const monitorRange = () => ({ timeType: MONITOR_TIME_TYPES.day, start_time: now() - 2 * 86400, end_time: now() + 3600 });
const seriesBody = () => ({ timeType: MONITOR_TIME_TYPES.day, monitorType: MONITOR_TYPES.downstream, startTime: now() - 2 * 86400, endTime: now() + 3600 });
const dashboardRange = () => ({ start_timestamp: now() - 2 * 86400, end_timestamp: now() + 3600, time_granularity: 'day' });
const skGet = (path: string) => s.f.t.http().get(path).set('Authorization', `Bearer ${s.bobKey}`);
const skPost = (path: string) => s.f.t.http().post(path).set('Authorization', `Bearer ${s.bobKey}`);
const nothingListed = (data: any) => expect(data.items ?? data.list ?? data).toEqual([]);

/**
 * Every route a signed-in user can call that reads an id, a filter or fields naming someone: what
 * bob sends with alice's ids, and what must hold. Public relay routes that take another user's
 * task id (sk- token) are here too; their submit routes are midjourney.spec.ts's and suno.spec.ts's
 * ("keeps every task to its owner", "continues only the caller's own song").
 */
const CHECKS: Record<string, Probe[]> = {
  // Tokens (tokens/)
  'GET /api/token/': [
    own(
      (ids) => s.bob.get('/api/token/').query({ user_id: ids.user }),
      (data) => expect(data.items.map((token: { id: number }) => token.id)).not.toContain(s.alice.token),
    ),
  ],
  'GET /api/token/search': [own((ids) => s.bob.get('/api/token/search').query({ keyword: SECRET, token: ids.key }), nothingListed)],
  'GET /api/token/:id': [hidden((ids) => s.bob.get(`/api/token/${ids.token}`), MSG_TOKEN_NOT_FOUND)],
  'DELETE /api/token/:id': [hidden((ids) => s.bob.delete(`/api/token/${ids.token}`), MSG_TOKEN_NOT_FOUND)],
  'PUT /api/token/': [
    hidden((ids) => s.bob.put('/api/token/').send({ id: ids.token, name: 'stolen', unlimited_quota: true }), MSG_TOKEN_NOT_FOUND),
    hidden((ids) => s.bob.put('/api/token/?status_only=true').send({ id: ids.token, status: 2 }), MSG_TOKEN_NOT_FOUND),
    // Field level: his own token in a group he may not use (the relay would bill that group's prices).
    refused(() => s.bob.put('/api/token/').send({ id: s.bobToken, name: 'bob-key', group: 'svip' }), '分组不存在或无权使用'),
  ],
  'POST /api/token/': [
    own((ids) => s.bob.post('/api/token/').send({ name: 'bob-second', unlimited_quota: true, user_id: ids.user })),
    refused(() => s.bob.post('/api/token/').send({ name: 'bob-svip', unlimited_quota: true, group: 'svip' }), '分组不存在或无权使用'),
    // A token's quota is capped by the owner's balance: bob's 0 gives him none to hand out.
    refused(() => s.bob.post('/api/token/').send({ name: 'bob-rich', unlimited_quota: false, remain_quota: 10 ** 9 }), /超过账户余额/),
  ],

  // Compare chat: talkings, conversations, messages, model parameters (talkings/)
  'GET /relay/v1/talking/': [own(() => s.bob.get('/relay/v1/talking/'))],
  'POST /relay/v1/talking/': [own((ids) => s.bob.post('/relay/v1/talking/').send({ name: 'bob talk 2', user_id: ids.user }))],
  'GET /relay/v1/talking/:id': [hidden((ids) => s.bob.get(`/relay/v1/talking/${ids.talking}`), MSG_TALKING_NOT_FOUND)],
  'PUT /relay/v1/talking/:id': [hidden((ids) => s.bob.put(`/relay/v1/talking/${ids.talking}`).send({ name: 'renamed by bob' }), MSG_TALKING_NOT_FOUND)],
  'DELETE /relay/v1/talking/:id': [hidden((ids) => s.bob.delete(`/relay/v1/talking/${ids.talking}`), MSG_TALKING_NOT_FOUND)],
  'GET /relay/v1/talking/:id/export': [hidden((ids) => s.bob.get(`/relay/v1/talking/${ids.talking}/export`).query({ format: 'json' }), MSG_TALKING_NOT_FOUND)],
  'GET /api/subscription/plans': [own(() => s.bob.get('/api/subscription/plans'))],
  'GET /api/subscription/self': [own(() => s.bob.get('/api/subscription/self'), (data) => expect(data).toEqual([]))],
  'POST /api/subscription/self/:id/cancel': [hidden((ids) => s.bob.post(`/api/subscription/self/${ids.subscription}/cancel`), '订阅不存在')],
  'POST /api/subscription/pay': [own((ids) => s.bob.post('/api/subscription/pay').send({ plan_id: ids.plan, payment_method: 'zfb', user_id: ids.user }))],
  'POST /relay/v1/arena/battle': [hidden((ids) => s.bob.post('/relay/v1/arena/battle').send({ talking_id: ids.talking, count: 2 }), MSG_TALKING_NOT_FOUND)],
  'POST /relay/v1/arena/vote': [hidden((ids) => s.bob.post('/relay/v1/arena/vote').send({ talking_id: ids.talking, round_id: 1, winner: 'tie' }), MSG_TALKING_NOT_FOUND)],
  'GET /relay/v1/arena/leaderboard': [own(() => s.bob.get('/relay/v1/arena/leaderboard').query({ scope: 'me' }))],
  'GET /relay/v1/arena/matrix': [own(() => s.bob.get('/relay/v1/arena/matrix').query({ scope: 'me' }))],
  'GET /relay/v1/conversation/': [hidden((ids) => s.bob.get('/relay/v1/conversation/').query({ talking_id: ids.talking }), MSG_TALKING_NOT_FOUND)],
  'POST /relay/v1/conversation/': [hidden((ids) => s.bob.post('/relay/v1/conversation/').send([{ talking_id: ids.talking, model_name: BOB_MODEL }]), MSG_TALKING_NOT_FOUND)],
  'GET /relay/v1/conversation/:id': [hidden((ids) => s.bob.get(`/relay/v1/conversation/${ids.conversation}`), MSG_CONVERSATION_NOT_FOUND)],
  'PUT /relay/v1/conversation/:id': [hidden((ids) => s.bob.put(`/relay/v1/conversation/${ids.conversation}`).send({ model_name: BOB_MODEL }), MSG_CONVERSATION_NOT_FOUND)],
  'DELETE /relay/v1/conversation/:id/permanent': [hidden((ids) => s.bob.delete(`/relay/v1/conversation/${ids.conversation}/permanent`), MSG_CONVERSATION_NOT_FOUND)],
  'GET /relay/v1/conversation/history_msg_model': [own(() => s.bob.get('/relay/v1/conversation/history_msg_model'))],
  'GET /relay/v1/conversation/message/:id': [hidden((ids) => s.bob.get(`/relay/v1/conversation/message/${ids.message}`), MSG_CHAT_MESSAGE_NOT_FOUND)],
  'POST /relay/v1/conversation/stop_message': [hidden((ids) => s.bob.post('/relay/v1/conversation/stop_message').send({ message_id: ids.message, stop_index: 1 }), MSG_CHAT_MESSAGE_NOT_FOUND)],
  'GET /v1/models/model_config': [own((ids) => s.bob.get('/v1/models/model_config').query({ model_name: ALICE_MODEL, user_id: ids.user }), (data) => expect(data).toBeNull())],
  'POST /v1/models/model_config': [own((ids) => s.bob.post('/v1/models/model_config').send({ model_name: BOB_MODEL, config: { temperature: 1.5 }, user_id: ids.user }))],
  // The playground bills the caller's own token: a key sent along is not used (alice's would reach her model).
  'POST /pg/chat/completions': [
    hidden((ids) => s.bob.post('/pg/chat/completions').set('x-api-key', ids.key).send({ model: ALICE_MODEL, token_id: ids.token, messages: [{ role: 'user', content: 'hi' }] }), /无可用渠道/),
  ],

  // File library (files/)
  'GET /api/file_upload/': [own(() => s.bob.get('/api/file_upload/'), nothingListed), hidden((ids) => s.bob.get('/api/file_upload/').query({ app_id: ids.app }))],
  'GET /api/file_upload/:id': [hidden((ids) => s.bob.get(`/api/file_upload/${ids.file}`), MSG_USER_FILE_NOT_FOUND)],
  'DELETE /api/file_upload/:id': [hidden((ids) => s.bob.delete(`/api/file_upload/${ids.file}`), MSG_USER_FILE_NOT_FOUND)],
  'POST /api/file_upload/': [
    hidden((ids) => s.bob.post('/api/file_upload/').send({ file_url: ids.upload }), MSG_USER_FILE_URL_UNKNOWN),
    hidden((ids) => s.bob.post('/api/file_upload/').send({ file_url: s.bobUpload, app_id: ids.app }), MSG_PROJECT_NOT_FOUND),
  ],

  // Workflow projects, drafts and runs (workflows/)
  'GET /api/apps/': [own(() => s.bob.get('/api/apps/').query({ search_key: SECRET }), nothingListed)],
  'POST /api/apps/': [own((ids) => s.bob.post('/api/apps/').send({ title: 'bob app 2', user_id: ids.user, id: ids.app }))],
  'GET /api/apps/:id': [hidden((ids) => s.bob.get(`/api/apps/${ids.app}`), MSG_PROJECT_NOT_FOUND)],
  'PUT /api/apps/:id': [hidden((ids) => s.bob.put(`/api/apps/${ids.app}`).send({ title: 'renamed by bob' }), MSG_PROJECT_NOT_FOUND)],
  'DELETE /api/apps/:id': [hidden((ids) => s.bob.delete(`/api/apps/${ids.app}`), MSG_PROJECT_NOT_FOUND)],
  'GET /api/workflow/:appId': [hidden((ids) => s.bob.get(`/api/workflow/${ids.app}`), MSG_PROJECT_NOT_FOUND)],
  'POST /api/workflow/:appId': [hidden((ids) => s.bob.post(`/api/workflow/${ids.app}`).send({ graph: graphOf(BOB_MODEL) }), MSG_PROJECT_NOT_FOUND)],
  'DELETE /api/workflow/draft/:id': [hidden((ids) => s.bob.delete(`/api/workflow/draft/${ids.draft}`), MSG_WORKFLOW_DRAFT_NOT_FOUND)],
  'POST /api/workflow/chat-messages': [
    hidden((ids) => s.bob.post('/api/workflow/chat-messages').send({ app_id: ids.app, query: 'hi', inputs: {} }), MSG_PROJECT_NOT_FOUND),
    // His own project run over alice's file.
    hidden(
      (ids) => s.bob.post('/api/workflow/chat-messages').send({ app_id: s.bobApp, response_mode: 'direct', run_whole_data: true, inputs: { text_file_id: ids.file } }),
      MSG_USER_FILE_NOT_FOUND,
    ),
  ],
  'POST /api/workflow/estimate': [
    hidden((ids) => s.bob.post('/api/workflow/estimate').send({ app_id: ids.app }), MSG_PROJECT_NOT_FOUND),
    hidden((ids) => s.bob.post('/api/workflow/estimate').send({ app_id: s.bobApp, inputs: { text_file_id: ids.file } }), MSG_USER_FILE_NOT_FOUND),
  ],
  'GET /api/workflow/runs': [own(() => s.bob.get('/api/workflow/runs').query({ search_key: SECRET }), nothingListed)],
  'GET /api/workflow/app-runs/:appId': [hidden((ids) => s.bob.get(`/api/workflow/app-runs/${ids.app}`))],
  'GET /api/workflow/run_status/:id': [hidden((ids) => s.bob.get(`/api/workflow/run_status/${ids.run}`), MSG_WORKFLOW_RUN_NOT_FOUND)],
  'GET /api/workflow/runs/:id': [hidden((ids) => s.bob.get(`/api/workflow/runs/${ids.run}`), MSG_WORKFLOW_RUN_NOT_FOUND)],
  'GET /api/workflow/runs-summary/:id': [hidden((ids) => s.bob.get(`/api/workflow/runs-summary/${ids.run}`), MSG_WORKFLOW_RUN_NOT_FOUND)],
  'GET /api/workflow/export/runs/:id': [hidden((ids) => s.bob.get(`/api/workflow/export/runs/${ids.run}`).query({ format: 'json' }), MSG_WORKFLOW_RUN_NOT_FOUND)],
  'POST /api/workflow/runs/:id/cancel': [hidden((ids) => s.bob.post(`/api/workflow/runs/${ids.run}/cancel`), MSG_WORKFLOW_RUN_NOT_FOUND)],
  'POST /api/workflow/runs/:id/delete': [hidden((ids) => s.bob.post(`/api/workflow/runs/${ids.run}/delete`), MSG_WORKFLOW_RUN_NOT_FOUND)],
  // The evaluation lab (issue 30): scorers of a project, re-runs, comparisons, reports and share links.
  'GET /api/workflow/scorers/:appId': [hidden((ids) => s.bob.get(`/api/workflow/scorers/${ids.app}`), MSG_PROJECT_NOT_FOUND)],
  'POST /api/workflow/scorers/:appId': [hidden((ids) => s.bob.post(`/api/workflow/scorers/${ids.app}`).send({ scorers: [{ name: 'x', type: 'exact' }] }), MSG_PROJECT_NOT_FOUND)],
  'POST /api/workflow/runs/:id/rerun': [hidden((ids) => s.bob.post(`/api/workflow/runs/${ids.run}/rerun`).send({ only: 'all' }), MSG_WORKFLOW_RUN_NOT_FOUND)],
  'GET /api/workflow/runs/compare': [hidden((ids) => s.bob.get('/api/workflow/runs/compare').query({ base: ids.run, other: ids.run + 100_000 }), MSG_WORKFLOW_RUN_NOT_FOUND)],
  'GET /api/workflow/runs/compare/report': [
    hidden((ids) => s.bob.get('/api/workflow/runs/compare/report').query({ base: ids.run, other: ids.run + 100_000, format: 'json' }), MSG_WORKFLOW_RUN_NOT_FOUND),
  ],
  'GET /api/workflow/runs/:id/report': [hidden((ids) => s.bob.get(`/api/workflow/runs/${ids.run}/report`).query({ format: 'json' }), MSG_WORKFLOW_RUN_NOT_FOUND)],
  'GET /api/workflow/runs/:id/share': [hidden((ids) => s.bob.get(`/api/workflow/runs/${ids.run}/share`), MSG_WORKFLOW_RUN_NOT_FOUND)],
  'POST /api/workflow/runs/:id/share': [hidden((ids) => s.bob.post(`/api/workflow/runs/${ids.run}/share`), MSG_WORKFLOW_RUN_NOT_FOUND)],
  'POST /api/workflow/runs/:id/share/revoke': [hidden((ids) => s.bob.post(`/api/workflow/runs/${ids.run}/share/revoke`), MSG_WORKFLOW_RUN_NOT_FOUND)],

  // Wallet: top-up orders (payments/)
  'GET /api/user/topup/self': [own((ids) => s.bob.get('/api/user/topup/self').query({ user_id: ids.user }))],
  'GET /api/user/topup/self/:trade_no': [hidden((ids) => s.bob.get(`/api/user/topup/self/${ids.tradeNo}`), MSG_ORDER_NOT_FOUND)],
  'POST /api/user/pay': [own((ids) => s.bob.post('/api/user/pay').send({ amount: 10, payment_method: 'zfb', user_id: ids.user }))],
  // Card payment is not configured here: the orders a card makes are the caller's (stripe/stripe.spec.ts).
  'POST /api/user/stripe/amount': [own((ids) => s.bob.post('/api/user/stripe/amount').send({ amount: 10, user_id: ids.user }))],
  'POST /api/user/stripe/pay': [refused((ids) => s.bob.post('/api/user/stripe/pay').send({ amount: 10, user_id: ids.user }), '管理员未开启银行卡支付')],
  'POST /api/subscription/stripe/pay': [refused((ids) => s.bob.post('/api/subscription/stripe/pay').send({ plan_id: ids.plan, user_id: ids.user }), '管理员未开启银行卡支付')],
  'POST /api/user/aff_transfer': [hidden((ids) => s.bob.post('/api/user/aff_transfer').send({ quota: 500_000, user_id: ids.user }), '邀请额度不足！')],

  // Logs, tasks, usage (logs/, tasks/, statistics/, monitoring/)
  'GET /api/log/self': [own((ids) => s.bob.get('/api/log/self').query({ username: ids.username, user_id: ids.user, token_name: `${SECRET}-key` }), nothingListed)],
  'GET /api/log/self/stat': [own((ids) => s.bob.get('/api/log/self/stat').query({ username: ids.username }), (data) => expect(data.quota).toBe(0))],
  'GET /api/mj/self': [own((ids) => s.bob.get('/api/mj/self').query({ mj_id: ids.drawing, user_id: ids.user }), nothingListed)],
  'GET /api/task/self': [own((ids) => s.bob.get('/api/task/self').query({ task_id: ids.music, user_id: ids.user }), nothingListed)],
  'GET /api/data/self': [
    own(
      (ids) => s.bob.get('/api/data/self').query({ ...dashboardRange(), username: ids.username }),
      (data) => expect({ balance: data.cards.balance, requests: data.cards.request_count, points: data.points }).toEqual({ balance: 0, requests: 0, points: [] }),
    ),
  ],
  'POST /api/monitor/self': [
    hidden((ids) => s.bob.post('/api/monitor/self').send({ ...seriesBody(), userId: ids.user }), MSG_MONITOR_OTHER_USER),
    own((ids) => s.bob.post('/api/monitor/self').send({ ...seriesBody(), tokenIds: [ids.token] }), nothingListed),
  ],
  // Upstream (channels) is root's alone; a user's downstream is their own.
  'GET /api/monitor/channels': [hidden((ids) => s.bob.get('/api/monitor/channels').query({ ...monitorRange(), userId: ids.user }), MSG_MONITOR_UPSTREAM_ROOT_ONLY)],
  'GET /api/monitor/tokens': [
    hidden((ids) => s.bob.get('/api/monitor/tokens').query({ ...monitorRange(), userId: ids.user }), MSG_MONITOR_OTHER_USER),
    own(() => s.bob.get('/api/monitor/tokens').query(monitorRange()), nothingListed),
  ],
  'GET /api/monitor/models': [
    hidden((ids) => s.bob.get('/api/monitor/models').query({ ...monitorRange(), userId: ids.user }), MSG_MONITOR_OTHER_USER),
    own(() => s.bob.get('/api/monitor/models').query(monitorRange()), nothingListed),
  ],

  // The account itself: extra fields naming someone else, or a role, balance or group, change nothing.
  'PUT /api/user/self': [custom(selfEditChangesOnlyThePassword)],
  'DELETE /api/user/self': [custom(selfDeletionDeletesOnlyTheCaller)],

  // Signed-in devices (sessions/): bob's own list and sign-outs; alice's session id is "not found".
  'GET /api/user/sessions/': [
    own(
      (ids) => s.bob.get('/api/user/sessions').query({ user_id: ids.user, id: ids.session }),
      (data) => expect(data.map((session: { id: string }) => session.id)).not.toContain(s.alice.session),
    ),
  ],
  'DELETE /api/user/sessions/:id': [hidden((ids) => s.bob.delete(`/api/user/sessions/${ids.session}`), MSG_SESSION_NOT_FOUND)],
  'POST /api/user/sessions/revoke_others': [own((ids) => s.bob.post('/api/user/sessions/revoke_others').send({ user_id: ids.user, id: ids.session }))],

  // Passkeys (passkeys/): bob's own list and registration; alice's passkey id is "not found".
  'GET /api/user/passkey': [
    own(
      (ids) => s.bob.get('/api/user/passkey').query({ user_id: ids.user }),
      (data) => expect(data.map((passkey: { id: number }) => passkey.id)).not.toContain(s.alice.passkey),
    ),
  ],
  'POST /api/user/passkey/register/begin': [
    own((ids) => s.bob.post('/api/user/passkey/register/begin').send({ user_id: ids.user }), (data) => expect(JSON.stringify(data)).not.toContain(SECRET)),
  ],
  'POST /api/user/passkey/register/finish': [custom(passkeyRegistrationIsTheCallers)],
  'PUT /api/user/passkey/:id': [hidden((ids) => s.bob.put(`/api/user/passkey/${ids.passkey}`).send({ name: 'renamed by bob' }), MSG_PASSKEY_NOT_FOUND)],
  'DELETE /api/user/passkey/:id': [hidden((ids) => s.bob.delete(`/api/user/passkey/${ids.passkey}`), MSG_PASSKEY_NOT_FOUND)],

  // Public relay routes for async tasks, authenticated by bob's own sk- token.
  'GET /mj/task/:id/fetch': [hidden((ids) => skGet(`/mj/task/${ids.drawing}/fetch`), '任务不存在')],
  'POST /mj/task/list-by-condition': [hidden((ids) => skPost('/mj/task/list-by-condition').send({ ids: [ids.drawing] }))],
  'GET /suno/fetch/:id': [hidden((ids) => skGet(`/suno/fetch/${ids.music}`), '任务不存在')],
  'POST /suno/fetch': [hidden((ids) => skPost('/suno/fetch').send({ ids: [ids.music] }))],
};

/** Routes a signed-in user can call with nothing to try: each reads no id, filter or field naming another user. */
const EXEMPT: Record<string, string> = {
  'GET /api/user/self': "the caller's own account; reads no input",
  'GET /api/user/self/groups': "the groups the caller may choose; reads no input",
  'GET /api/user/models': "the models of the caller's group; reads no input",
  'GET /api/user/aff': "the caller's own invitation code; reads no input",
  'GET /api/user/token': "makes a new access token for the caller; reads no input",
  'POST /api/user/amount': 'prices an amount of dollars for the caller; reads only the amount',
  'POST /api/user/topup': "redeems a code into the caller's balance; the code is the capability (redeem.spec.ts), never one's own (below)",
  'GET /api/update/': 'release notes, the same for every user',
  'GET /v1/models/lists': "the models of the caller's group; reads no input",
  'GET /v1/models/model_default_rule': "a model's parameter rules, the same for every user",
  'GET /api/workflow/dataset-fields/:id': 'the field names of a data-market dataset, which every user may read (runs.spec.ts)',
  'POST /api/file_upload/uploadToOss': "stores a new upload of the caller's; reads no id",
  'POST /relay/v1/talking/upload_files': "stores new chat images of the caller's; reads no id",
  'GET /api/oauth/email/bind': "binds an address to the caller, with the code mailed to it (email-auth.spec.ts)",
  'GET /api/oauth/wechat/bind': "binds a WeChat account to the caller, with the WeChat server's code (oauth.spec.ts)",
  'GET /api/oauth/telegram/bind': "binds a Telegram account to the caller, with data signed by the bot token (telegram.spec.ts)",
  'DELETE /api/oauth/oidc/bind': "clears the caller's own OIDC binding; reads no input (oidc.spec.ts)",
  // Two-factor sign-in (two-factor/): the caller's own 2FA, read from the session; they read only a code.
  'GET /api/user/2fa/status': "the caller's own 2FA state; reads no input",
  'POST /api/user/2fa/setup': "a new pending secret for the caller; reads no input",
  'POST /api/user/2fa/enable': "turns the caller's 2FA on; reads only a code",
  'POST /api/user/2fa/disable': "turns the caller's 2FA off; reads only a code",
  'POST /api/user/2fa/backup_codes': "new backup codes for the caller; reads only a code",
  // Root only (user id 1, access-rules.spec.ts): global release notes, and root completes any user's order by design (payments.spec.ts).
  'POST /api/update/': 'root only: global release notes',
  'PUT /api/update/:id': 'root only: global release notes',
  'DELETE /api/update/:id': 'root only: global release notes',
  'POST /api/user/topup/complete': "root only: completes any user's order by hand, by design (payments.spec.ts)",
};

/** A workflow graph: start, input, one llm node of `model`, answer. */
function graphOf(model: string) {
  return {
    nodes: [
      structuredClone(START_NODE_DEFAULT),
      { id: 'input-1', type: 'input', position: { x: 500, y: 300 }, data: structuredClone(INPUT_NODE_DATA) },
      { id: 'llm-1', type: 'llm', position: { x: 800, y: 300 }, data: { ...LLM_NODE_DATA, model: { ...LLM_NODE_DATA.model, name: model }, prompt_template: [] } },
      { id: 'answer-1', type: 'answer', position: { x: 1100, y: 300 }, data: ANSWER_NODE_DATA },
    ],
    edges: [
      { id: 'e-1', source: 'start-1', target: 'input-1', type: 'custom' },
      { id: 'e-2', source: 'input-1', target: 'llm-1', type: 'custom' },
      { id: 'e-3', source: 'llm-1', target: 'answer-1', type: 'custom' },
    ],
  };
}

/** Whatever a reply to bob shows: the text of its body. */
const textOf = (reply: Response): string => reply.text ?? JSON.stringify(reply.body ?? '');
/** The first of alice's secrets a reply shows: her names, her key, her order and task ids, her file addresses. */
function leakIn(reply: Response): string | undefined {
  const { key, tradeNo, drawing, music, upload, chatImage, session } = s.alice;
  const secrets = [SECRET, key.replace(/^sk-/, ''), tradeNo, drawing, music, upload, chatImage, session];
  const text = textOf(reply);
  return secrets.find((secret) => text.includes(secret));
}
/** The message of a refusal in any of the product's shapes: the envelope, OpenAI's, Midjourney's. */
const messageOf = (reply: Response): unknown => reply.body?.message ?? reply.body?.error?.message ?? reply.body?.description;
const answerOf = (reply: Response) => ({ status: reply.status, body: reply.body && Object.keys(reply.body).length > 0 ? reply.body : reply.text });

function expectRefused(route: string, reply: Response, message: string | RegExp): void {
  expect(reply.status >= 400 || reply.body?.success === false, `${route} was not refused: ${reply.status} ${textOf(reply).slice(0, 200)}`).toBe(true);
  if (typeof message === 'string') expect(messageOf(reply), route).toBe(message);
  else expect(messageOf(reply), route).toMatch(message);
}

async function runProbe(route: string, probe: Probe): Promise<void> {
  if (probe.kind === 'custom') return probe.run();
  const reply = await probe.call(s.alice);
  expect(leakIn(reply), `${route} shows alice's data: ${textOf(reply).slice(0, 300)}`).toBeUndefined();
  if (probe.kind === 'own') {
    expect(reply.status, `${route}: ${textOf(reply).slice(0, 200)}`).toBe(200);
    expect(reply.body.success, `${route}: ${messageOf(reply)}`).not.toBe(false);
    probe.also?.(reply.body.data);
  } else if (probe.kind === 'hidden') {
    const missing = await probe.call(MISSING);
    expect(answerOf(reply), `${route}: alice's ids answered unlike missing ones`).toEqual(answerOf(missing));
    if (probe.message) expectRefused(route, reply, probe.message);
  } else {
    expectRefused(route, reply, probe.message);
  }
}

/** Bob changes his password sending alice's id and a role, balance, group and name: only his password changes. */
async function selfEditChangesOnlyThePassword(): Promise<void> {
  const row = async (id: number) =>
    (await s.f.t.db.query('SELECT id, username, role, status, quota, "group", password_hash FROM users WHERE id = $1', [id]))[0] as Record<string, unknown>;
  const before = await row(s.bobId);
  const reply = await s.bob
    .put('/api/user/self')
    .send({ password: 'bob-new-password', id: s.alice.user, username: s.alice.username, role: 100, quota: 10 ** 12, group: 'svip', status: 1 });
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ success: true });
  const after = await row(s.bobId);
  expect({ ...after, password_hash: undefined }).toEqual({ ...before, password_hash: undefined });
  expect(after.password_hash).not.toBe(before.password_hash);
  await s.f.t.login('bob', 'bob-new-password');
}

/** Deleting one's own account with alice's id in the body deletes the caller (a throwaway user), nobody else. */
/** A passkey bob registers is his, whatever user id his body names; alice's passkeys stay hers (ALICE_ROWS). */
async function passkeyRegistrationIsTheCallers(): Promise<void> {
  const options = ok(await s.bob.post('/api/user/passkey/register/begin').send({}), 'bob passkey options');
  const answer = new SoftAuthenticator('https://gw.example.com').register(options);
  const added = ok(await s.bob.post('/api/user/passkey/register/finish').send({ name: 'bob passkey', response: answer, user_id: s.alice.user }), 'bob passkey');
  const [row] = (await s.f.t.db.query('SELECT user_id FROM passkeys WHERE id = $1', [added.id])) as Array<{ user_id: number }>;
  expect(row.user_id).toBe(s.bobId);
}

async function selfDeletionDeletesOnlyTheCaller(): Promise<void> {
  const dave = await s.f.t.signUp('dave-leaving');
  const reply = await dave.agent.delete('/api/user/self').send({ id: s.alice.user, user_id: s.alice.user });
  expect(reply.body.success, reply.body.message).toBe(true);
  const rows = (await s.f.t.db.query('SELECT id, deleted_at FROM users WHERE id = ANY($1) ORDER BY id', [[s.alice.user, dave.userId]])) as Array<{ id: number; deleted_at: string | null }>;
  expect(rows.map((row) => [row.id, row.deleted_at !== null])).toEqual([
    [s.alice.user, false],
    [dave.userId, true],
  ]);
}

/** Alice's rows in every table holding a user's objects: the checks must leave them exactly as they were. */
const ALICE_ROWS: Record<string, string> = {
  users: 'SELECT * FROM users t WHERE id = $1',
  tokens: 'SELECT * FROM tokens t WHERE user_id = $1 ORDER BY t::text',
  talkings: 'SELECT * FROM talkings t WHERE user_id = $1 ORDER BY t::text',
  conversations: 'SELECT * FROM conversations t WHERE user_id = $1 ORDER BY t::text',
  chat_messages: 'SELECT * FROM chat_messages t WHERE user_id = $1 ORDER BY t::text',
  chat_files: 'SELECT * FROM chat_files t WHERE user_id = $1 ORDER BY t::text',
  user_model_configs: 'SELECT * FROM user_model_configs t WHERE user_id = $1 ORDER BY t::text',
  user_file_uploads: 'SELECT * FROM user_file_uploads t WHERE user_id = $1 ORDER BY t::text',
  user_files: 'SELECT * FROM user_files t WHERE user_id = $1 ORDER BY t::text',
  workflow_apps: 'SELECT * FROM workflow_apps t WHERE user_id = $1 ORDER BY t::text',
  workflows: 'SELECT * FROM workflows t WHERE user_id = $1 ORDER BY t::text',
  workflow_runs: 'SELECT * FROM workflow_runs t WHERE user_id = $1 ORDER BY t::text',
  workflow_run_answers: 'SELECT t.* FROM workflow_run_answers t JOIN workflow_runs r ON r.id = t.run_id WHERE r.user_id = $1 ORDER BY t::text',
  workflow_run_scores: 'SELECT t.* FROM workflow_run_scores t JOIN workflow_runs r ON r.id = t.run_id WHERE r.user_id = $1 ORDER BY t::text',
  workflow_run_answer_history: 'SELECT t.* FROM workflow_run_answer_history t JOIN workflow_runs r ON r.id = t.run_id WHERE r.user_id = $1 ORDER BY t::text',
  workflow_run_shares: 'SELECT * FROM workflow_run_shares t WHERE user_id = $1 ORDER BY t::text',
  topup_orders: 'SELECT * FROM topup_orders t WHERE user_id = $1 ORDER BY t::text',
  tasks: 'SELECT * FROM tasks t WHERE user_id = $1 ORDER BY t::text',
  logs: 'SELECT * FROM logs t WHERE user_id = $1 ORDER BY t::text',
  usage_token_rollups: 'SELECT * FROM usage_token_rollups t WHERE user_id = $1 ORDER BY t::text',
  passkeys: 'SELECT * FROM passkeys t WHERE user_id = $1 ORDER BY t::text',
  // Not the times: her own use of the console moves them.
  sessions: 'SELECT id_hash, public_id, user_id, ip, user_agent, created_at FROM sessions t WHERE user_id = $1 ORDER BY public_id',
};

async function aliceRows(): Promise<Record<string, unknown[]>> {
  await s.f.t.app.get(QuotaLedgerService).flush();
  await s.f.t.app.get(LogWriterService).flush();
  const rows: Record<string, unknown[]> = {};
  for (const [table, sql] of Object.entries(ALICE_ROWS)) rows[table] = await s.f.t.db.query(sql, [s.alice.user]);
  return rows;
}

/** The `data:` events of a streamed reply. */
const eventsOf = (text: string) =>
  text
    .split('\n\n')
    .filter((block) => block.startsWith('data: ') && block !== 'data: [DONE]')
    .map((block) => JSON.parse(block.slice(6)) as Record<string, any>);

function ok<T = any>(reply: Response, what: string): T {
  if (reply.status !== 200 || reply.body?.success === false) throw new Error(`${what}: ${reply.status} ${textOf(reply).slice(0, 300)}`);
  return reply.body.data as T;
}

/** Alice, in group svip, with one of every kind of object, each made through the API as she would. */
async function aliceOwnsOneOfEverything(f: RelayFixture): Promise<{ ids: Ids; agent: TestAgent }> {
  const alice = await f.customer(SECRET, 1_000_000, { name: `${SECRET}-key` });
  ok(await f.admin.put('/api/user/').send({ id: alice.userId, group: 'svip' }), 'alice to svip');
  const agent = alice.agent;

  // Usage: a relay call with her key (a log row, roll-ups, the monitor's token list).
  await alice.client.chat.completions.create({ model: ALICE_MODEL, messages: [{ role: 'user', content: 'hi' }] });
  const token = ok<{ items: Array<{ id: number }> }>(await agent.get('/api/token/'), 'alice tokens').items[0].id;

  // Compare chat: a talking, a model column, one answered message, an uploaded image, saved parameters.
  const talking = ok(await agent.post('/relay/v1/talking/').send({ name: `${SECRET} talk` }), 'talking').id as number;
  const conversation = ok(await agent.post('/relay/v1/conversation/').send([{ talking_id: talking, model_name: ALICE_MODEL }]), 'conversation')[0].id as number;
  const chat = await agent
    .post('/v1/chat/completions')
    .send({ model: ALICE_MODEL, conversation_id: conversation, talking_id: talking, stream: true, messages: [{ role: 'user', content: `${SECRET} question` }] });
  expect(chat.status, chat.text).toBe(200);
  // The stream ends after the answer is stored (its last event carries the stored row).
  const message = eventsOf(chat.text)[0].hr_message_id as number;
  const chatImage = ok(await agent.post('/relay/v1/talking/upload_files').attach('files', PNG, `${SECRET}.png`), 'chat image').results[0].oss_url as string;
  ok(await agent.post('/v1/models/model_config').send({ model_name: ALICE_MODEL, config: { temperature: 0.3 } }), 'model config');

  // Workflows: a project with a draft, a file of her library registered with it, one streamed run.
  const app = ok(await agent.post('/api/apps/').send({ title: `${SECRET} app` }), 'project').id as number;
  const draft = ok(await agent.post(`/api/workflow/${app}`).send({ graph: graphOf(ALICE_MODEL) }), 'draft').id as number;
  const upload = ok<string>(await agent.post('/api/file_upload/uploadToOss').attach('file', CSV, `${SECRET}.csv`), 'upload');
  const file = ok(await agent.post('/api/file_upload/').send({ file_url: upload, app_id: app }), 'file').id as number;
  const ran = await agent.post('/api/workflow/chat-messages').send({ app_id: app, response_mode: 'streaming', query: `${SECRET} run`, inputs: {} });
  expect(ran.status, ran.text).toBe(200);
  const run = Number(eventsOf(ran.text)[0].conversation_id);

  // A top-up order (Epay configured; the order is made without asking the gateway).
  for (const [key, value] of Object.entries({ ServerAddress: 'https://gw.example.com', PayAddress: 'https://pay.example.com', EpayId: '1001', EpayKey: 'epay-merchant-key' })) {
    ok(await f.admin.put('/api/option/').send({ key, value }), key);
  }
  const tradeNo = ok(await agent.post('/api/user/pay').send({ amount: 10, payment_method: 'zfb' }), 'order').out_trade_no as string;

  // A finished drawing and song: rows as the task relay leaves them (submitting one needs a Midjourney or Suno upstream).
  const drawing = `7${String(Date.now()).padStart(18, '0')}`;
  const music = randomUUID();
  for (const [publicId, platform, action] of [
    [drawing, 'midjourney', 'IMAGINE'],
    [music, 'suno', 'MUSIC'],
  ]) {
    await f.t.db.query(
      `INSERT INTO tasks (public_id, platform, upstream_id, user_id, username, token_id, token_name, channel_id, model_name, action, status, progress, prompt, submit_time, finish_time, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $2, $8, 'SUCCESS', '100%', $9, $10, $10, $10)`,
      [publicId, platform, `up-${publicId}`, alice.userId, SECRET, token, `${SECRET}-key`, action, `${SECRET} prompt`, Date.now()],
    );
  }

  // Her browser's session, as her list of signed-in devices names it.
  const session = ok<Array<{ id: string }>>(await agent.get('/api/user/sessions'), 'alice sessions')[0].id;

  // A passkey (the relying party is the ServerAddress set above).
  const passkeyOptions = ok(await agent.post('/api/user/passkey/register/begin').send({}), 'passkey options');
  const passkeyAnswer = new SoftAuthenticator('https://gw.example.com').register(passkeyOptions);
  const passkey = ok(await agent.post('/api/user/passkey/register/finish').send({ name: `${SECRET} passkey`, response: passkeyAnswer }), 'passkey').id as number;

  // A subscription, as her paid order makes it.
  const plan = ok(await f.admin.post('/api/subscription/plan').send({ name: '季度套餐', price_cny: 30, price_usd: 0, period: 'quarter', quota: 1000 }), 'plan').id as number;
  const [{ id: subscription }] = await f.t.db.query(`SELECT gw_grant_subscription($1, $2, 1000, 'epay', '', $3) AS id`, [alice.userId, plan, now()]);

  await f.t.app.get(QuotaLedgerService).flush();
  await f.t.app.get(LogWriterService).flush();
  await f.t.app.get(UsageRollupService).catchUp();
  const ids: Ids = { user: alice.userId, username: SECRET, token, key: alice.key, talking, conversation, message, chatImage, upload, file, app, draft, run, tradeNo, drawing, music, session, passkey, plan, subscription };
  return { ids, agent };
}

describe('object and field access (reliability)', () => {
  let upstream: MockOpenAiUpstream;
  let before: Record<string, unknown[]>;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    const f = await startRelayFixture({
      models: [ALICE_MODEL, BOB_MODEL],
      completionRatio: 1,
      channelDefaults: { type: 1, name: 'mock', key: 'sk-upstream', base_url: upstream.url },
    });
    await f.channel({ models: BOB_MODEL });
    await f.channel({ name: 'svip only', models: ALICE_MODEL, groups: ['svip'] });
    const alice = await aliceOwnsOneOfEverything(f);

    // Bob: quota 0 and a token, objects of his own to aim alice's ids from.
    const bob = await f.customer('bob', 0, { name: 'bob-key' });
    const bobToken = ok<{ items: Array<{ id: number }> }>(await bob.agent.get('/api/token/'), 'bob tokens').items[0].id;
    const bobApp = ok(await bob.agent.post('/api/apps/').send({ title: 'bob app' }), 'bob project').id as number;
    ok(await bob.agent.post(`/api/workflow/${bobApp}`).send({ graph: graphOf(BOB_MODEL) }), 'bob draft');
    const bobTalking = ok(await bob.agent.post('/relay/v1/talking/').send({ name: 'bob talk' }), 'bob talking').id as number;
    const bobConversation = ok(await bob.agent.post('/relay/v1/conversation/').send([{ talking_id: bobTalking, model_name: BOB_MODEL }]), 'bob conversation')[0].id as number;
    const bobUpload = ok<string>(await bob.agent.post('/api/file_upload/uploadToOss').attach('file', CSV, 'bob.csv'), 'bob upload');

    s = { f, alice: alice.ids, aliceAgent: alice.agent, bob: bob.agent, bobId: bob.userId, bobKey: bob.key, bobToken, bobApp, bobTalking, bobConversation, bobUpload };
    before = await aliceRows();
  });
  afterAll(async () => {
    await s?.f.t.close();
    await upstream.stop();
  });

  it('has a row for every route a signed-in user can call, and none for a route that is gone', () => {
    const routes = collectRoutes(s.f.t);
    const ruleOf = (route: (typeof routes)[number]) => Reflect.getMetadata(ACCESS_KEY, route.handler) ?? Reflect.getMetadata(ACCESS_KEY, route.controller);
    const forUsers = routes.filter((route) => ['user', 'root-user'].includes(ruleOf(route))).map((route) => route.route);
    expect(forUsers.length).toBeGreaterThan(70);
    const tabled = [...Object.keys(CHECKS), ...Object.keys(EXEMPT)];
    expect(forUsers.filter((route) => !tabled.includes(route)), 'routes without a row in CHECKS or EXEMPT').toEqual([]);
    const existing = new Set(routes.map((route) => route.route));
    expect(tabled.filter((route) => !existing.has(route)), 'rows for routes that no longer exist').toEqual([]);
    expect(Object.keys(CHECKS).filter((route) => route in EXEMPT), 'routes both checked and exempt').toEqual([]);
  });

  it('sees alice’s data where she does: the leak check can fail', async () => {
    for (const path of ['/api/token/', '/relay/v1/talking/', '/api/apps/', '/api/file_upload/', '/api/workflow/runs', '/api/user/topup/self', '/api/mj/self', '/api/task/self']) {
      expect(leakIn(await s.aliceAgent.get(path)), path).toBeDefined();
    }
    const monitor = await s.aliceAgent.get('/api/monitor/tokens').query(monitorRange());
    expect(monitor.body.data.map((option: { name: string }) => option.name)).toEqual([`${SECRET}-key`]);
    expect((await s.aliceAgent.get('/api/data/self').query(dashboardRange())).body.data.cards.request_count).toBeGreaterThan(0);
  });

  it.each(Object.entries(CHECKS))('%s: bob gets nothing of alice’s', async (route, probes) => {
    for (const probe of probes) await runProbe(route, probe);
  });

  it('the compare chat’s door (POST /v1/chat/completions with a session) answers alice’s conversation, message and image like missing ones', async () => {
    const send = (body: Record<string, unknown>) => s.bob.post('/v1/chat/completions').send({ model: BOB_MODEL, stream: true, ...body });
    const ask = (content: unknown) => ({ messages: [{ role: 'user', content }] });
    const cases: Array<[(ids: Ids) => Record<string, unknown>, string]> = [
      [(ids) => ({ conversation_id: ids.conversation, talking_id: ids.talking, ...ask('hi') }), MSG_CONVERSATION_NOT_FOUND],
      [(ids) => ({ conversation_id: ids.conversation, talking_id: s.bobTalking, ...ask('hi') }), MSG_CONVERSATION_NOT_FOUND],
      [(ids) => ({ conversation_id: s.bobConversation, talking_id: s.bobTalking, last_id: ids.message, ...ask('hi') }), MSG_CHAT_MESSAGE_NOT_FOUND],
      [(ids) => ({ conversation_id: s.bobConversation, talking_id: s.bobTalking, last_edit_id: ids.message, ...ask('hi') }), MSG_CHAT_MESSAGE_NOT_FOUND],
      [
        (ids) => ({ conversation_id: s.bobConversation, talking_id: s.bobTalking, ...ask([{ type: 'image_url', image_url: { url: ids.chatImage } }]) }),
        MSG_CHAT_IMAGE_NOT_FOUND,
      ],
    ];
    for (const [body, message] of cases) {
      await runProbe('POST /v1/chat/completions', hidden((ids) => send(body(ids)), message));
    }
    // Bob's session claiming to be alice.
    const claimed = await send({ conversation_id: s.alice.conversation, talking_id: s.alice.talking, ...ask('hi') }).set('New-Api-User', String(s.alice.user));
    expect(claimed.status).toBe(401);
    expect(Number((await s.f.t.db.query('SELECT count(*) FROM chat_messages WHERE user_id = $1', [s.bobId]))[0].count)).toBe(0);
  });

  it('never lets a session or an access token speak for another user (New-Api-User naming alice)', async () => {
    const bySession = await s.bob.get('/api/user/self').set('New-Api-User', String(s.alice.user));
    expect({ status: bySession.status, message: bySession.body.message }).toEqual({ status: 401, message: '无权进行此操作，New-Api-User 与登录用户不匹配' });
    const accessToken = ok<string>(await s.bob.get('/api/user/token'), 'bob access token');
    const byToken = await s.f.t.http().get('/api/user/self').set('Authorization', accessToken).set('New-Api-User', String(s.alice.user));
    expect({ status: byToken.status, message: byToken.body.message }).toEqual({ status: 401, message: '无权进行此操作，New-Api-User 与 access token 不匹配' });
    // The same token naming its own user is let in: the refusal above is the claim's doing.
    expect(ok(await s.f.t.http().get('/api/user/self').set('Authorization', accessToken).set('New-Api-User', String(s.bobId)), 'bob by token').username).toBe('bob');
  });

  it('gives an ordinary account to a sign-up that sends a role, balance or group', async () => {
    const { userId } = await s.f.t.signUp('eve-signup', 'password-123', { role: 100, quota: 10 ** 12, group: 'svip', status: 1, aff_quota: 10 ** 12 });
    const [row] = await s.f.t.db.query('SELECT role, status, quota, aff_quota, "group" FROM users WHERE id = $1', [userId]);
    expect(row).toEqual({ role: 1, status: 1, quota: '0', aff_quota: '0', group: 'default' });
  });

  describe('an administrator (role 10) and its own role, balance and group', () => {
    let adam: { agent: TestAgent; userId: number };
    let otherAdmin: number;
    const row = async (id: number) =>
      (await s.f.t.db.query('SELECT id, username, role, status, quota, "group", password_hash, deleted_at FROM users WHERE id = $1', [id]))[0] as Record<string, unknown>;

    beforeAll(async () => {
      adam = await s.f.t.signUp('adam-admin');
      const other = await s.f.t.signUp('ada-admin');
      otherAdmin = other.userId;
      // Setup only: the promotion itself is user-admin.spec.ts's.
      await s.f.t.db.query('UPDATE users SET role = 10 WHERE id = ANY($1)', [[adam.userId, otherAdmin]]);
    });

    /**
     * What adam tries, and the refusal (or, for fields no DTO has, a success that changes nothing).
     * The full matrix of actors, targets and actions is user-admin.spec.ts's; these are the
     * attempts at one's own rank and balance, and at root and a peer, in one place.
     */
    const ATTEMPTS: Array<[string, () => Test, string | null]> = [
      ['raise its own role with a role field', () => adam.agent.put('/api/user/').send({ id: adam.userId, role: 100, status: 1 }), null],
      ['promote itself', () => adam.agent.post('/api/user/manage').send({ id: adam.userId, action: 'promote' }), MSG_NOT_LOWER],
      ['give itself quota', () => adam.agent.put('/api/user/').send({ id: adam.userId, quota: 10 ** 12 }), MSG_OWN_QUOTA],
      ['give itself a group', () => adam.agent.put('/api/user/').send({ id: adam.userId, group: 'svip' }), MSG_OWN_GROUP],
      ['set root’s password', () => adam.agent.put('/api/user/').send({ id: 1, password: 'taken-over-1' }), MSG_NOT_LOWER],
      ['give root a group', () => adam.agent.put('/api/user/').send({ id: 1, group: 'svip' }), MSG_NOT_LOWER],
      ['disable root', () => adam.agent.post('/api/user/manage').send({ id: 1, action: 'disable' }), '无法对 root 用户执行此操作'],
      ['set another administrator’s password', () => adam.agent.put('/api/user/').send({ id: otherAdmin, password: 'taken-over-1' }), MSG_NOT_LOWER],
      ['give another administrator quota', () => adam.agent.put('/api/user/').send({ id: otherAdmin, quota: 10 ** 12 }), MSG_NOT_LOWER],
      ['demote another administrator', () => adam.agent.post('/api/user/manage').send({ id: otherAdmin, action: 'demote' }), MSG_NOT_LOWER],
      ['delete another administrator', () => adam.agent.post('/api/user/manage').send({ id: otherAdmin, action: 'delete' }), MSG_NOT_LOWER],
    ];

    it.each(ATTEMPTS)('cannot %s', async (_what, attempt, message) => {
      const before = await Promise.all([row(adam.userId), row(otherAdmin), row(1)]);
      const reply = await attempt();
      if (message === null) expect(reply.body.success, reply.body.message).toBe(true);
      else expect(reply.body).toMatchObject({ success: false, message });
      expect(await Promise.all([row(adam.userId), row(otherAdmin), row(1)])).toEqual(before);
    });

    it('cannot give itself quota through a redemption code of its own; others can redeem it', async () => {
      const [key] = ok<string[]>(await adam.agent.post('/api/redemption/').send({ name: 'adam 的码', quota: 10 ** 9 }), 'code');
      const before = await row(adam.userId);
      expect((await adam.agent.post('/api/user/topup').send({ key })).body).toEqual({ success: false, message: MSG_OWN_CODE, data: null });
      expect(await row(adam.userId)).toEqual(before);
      const customer = await s.f.t.signUp('code-customer');
      expect((await customer.agent.post('/api/user/topup').send({ key })).body).toMatchObject({ success: true, data: 10 ** 9 });
    });

    it('creates only ordinary users: a role, balance or group sent along is dropped', async () => {
      const reply = await adam.agent.post('/api/user/').send({ username: 'made-by-adam', password: 'made-pass-1', role: 100, quota: 10 ** 12, group: 'svip', status: 1 });
      expect(reply.body.success, reply.body.message).toBe(true);
      const [made] = await s.f.t.db.query(`SELECT role, quota, "group" FROM users WHERE username = 'made-by-adam'`);
      expect(made).toEqual({ role: 1, quota: '0', group: 'default' });
    });
  });

  it('leaves every row of alice’s as it was', async () => {
    expect(await aliceRows()).toEqual(before);
  });
});
