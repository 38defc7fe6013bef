import type { Response } from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, collectRoutes } from '../../test/routes';
import { ROOT_PASSWORD, startTestApp, type TestApp } from '../../test/test-app';
import { MSG_JSON_BODY } from './json-body.guard';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'ALL']);
/** The write routes that read another body than JSON, and why. */
const NOT_JSON: Record<string, string> = {
  'POST /relay/v1/talking/upload_files': 'chat images, multipart',
  'POST /api/file_upload/uploadToOss': 'file library, multipart',
  'POST /api/data_library/upload_cover_page': 'dataset cover, multipart',
  'POST /api/data_library/:id/import': 'dataset import, multipart',
  'POST /api/user/epay/notify': "Epay's server posts a form",
};
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** The bodies a page of another site can send without the browser asking first. */
const FOREIGN_BODIES: Array<[string, string, string]> = [
  ['a form', 'application/x-www-form-urlencoded', 'name=form'],
  ['text/plain', 'text/plain', '{"name":"text"}'],
  ['multipart', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nmultipart\r\n--x--\r\n'],
];

/** The refusal's message, in the console's envelope or in OpenAI's error shape (relay paths). */
const messageOf = (reply: Response): unknown => reply.body?.message ?? reply.body?.error?.message;

describe('bodies that are not JSON on routes that read JSON (integration)', () => {
  let t: TestApp;
  let root: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    root = (await t.login('root', ROOT_PASSWORD)).agent;
  });
  afterAll(async () => {
    await t.close();
  });

  const talkingCount = async () => (await t.db.query('SELECT count(*)::int AS n FROM talkings'))[0].n as number;
  const sessionCookie = async () => {
    const reply = await t.http().post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD });
    return ([] as string[]).concat(reply.headers['set-cookie'] ?? []).find((value) => value.startsWith('session='))!.split(';')[0];
  };

  it('refuses a form body with 415 on every write route but the uploads and the Epay notify, the session kept', async () => {
    const all = collectRoutes(t);
    expect(Object.keys(NOT_JSON).filter((name) => !all.some((route) => route.route === name))).toEqual([]);
    const routes = all.filter((route) => WRITE_METHODS.has(route.method) && !(route.route in NOT_JSON));
    expect(routes.length).toBeGreaterThan(60);
    const admitted: string[] = [];
    for (const route of routes) {
      const reply = await callRoute(root, route).type('form').send('name=form&id=1');
      if (reply.status !== 415 || messageOf(reply) !== MSG_JSON_BODY) admitted.push(`${route.route} → ${reply.status}`);
    }
    expect(admitted).toEqual([]);
    // The compare chat's answers, served in front of Nest (talkings/console-chat-door.ts).
    const chat = await root.post('/v1/chat/completions').type('form').send('model=gpt-4o&conversation_id=1&talking_id=1');
    expect(chat.status).toBe(415);
    expect(chat.body).toEqual({ error: { message: MSG_JSON_BODY, type: 'invalid_request_error', code: null } });
    expect((await root.get('/api/user/self')).status).toBe(200);
  });

  it.each(FOREIGN_BODIES)('refuses %s on the chat pages and the login, creating nothing', async (_case, type, body) => {
    const before = await talkingCount();
    for (const path of ['/relay/v1/talking/', '/v1/models/model_config', '/pg/chat/completions', '/v1/chat/completions']) {
      const reply = await root.post(path).set('Content-Type', type).send(body);
      expect(reply.status, path).toBe(415);
      expect(messageOf(reply), path).toBe(MSG_JSON_BODY);
    }
    expect(await talkingCount()).toBe(before);
    expect(await t.db.query('SELECT user_id FROM user_model_configs')).toEqual([]);
    const login = await t.http().post('/api/user/login').set('Content-Type', type).send(body);
    expect(login.status).toBe(415);
    expect(login.headers['set-cookie']).toBeUndefined();
  });

  it('takes JSON with a charset or a +json type, and writes without a body', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/merge-patch+json']) {
      const reply = await root.post('/relay/v1/talking/').set('Content-Type', type).send(JSON.stringify({ name: type }));
      expect(reply.body, type).toMatchObject({ success: true, data: { name: type } });
    }
    expect((await t.http().post('/api/user/logout').set('Cookie', await sessionCookie())).body.success).toBe(true);
  });

  it('keeps the uploads (multipart) and the Epay notify (a form from the gateway) working', async () => {
    const upload = await root.post('/relay/v1/talking/upload_files').attach('files', PNG, 'dot.png');
    expect(upload.body.success, upload.body.message).toBe(true);
    // A JSON body on an upload route is the upload's own refusal, as before.
    expect((await root.post('/relay/v1/talking/upload_files').send({ files: [] })).body.message).toBe('请以 multipart/form-data 上传文件');
    // Without online top-up configured the notify answers fail, in Epay's plain text: it was read, not refused.
    const notify = await t.http().post('/api/user/epay/notify').type('form').send('out_trade_no=x&trade_status=TRADE_SUCCESS');
    expect(notify.status).toBe(200);
    expect(notify.text).toBe('fail');
  });

  it("leaves the relay's sk- key calls as they were, multipart uploads included", async () => {
    const chat = await t.http().post('/v1/chat/completions').set('Authorization', 'Bearer sk-unknown').type('form').send('model=gpt-4o');
    expect(chat.status).toBe(401);
    const transcription = await t.http().post('/v1/audio/transcriptions').set('Authorization', 'Bearer sk-unknown').field('model', 'whisper-1').attach('file', PNG, 'a.mp3');
    expect(transcription.status).toBe(401);
    expect(messageOf(transcription)).not.toBe(MSG_JSON_BODY);
  });
});
