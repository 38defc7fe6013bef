import type { IncomingMessage, ServerResponse } from 'node:http';
import { TASK_PLATFORM } from '@gw/shared';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalHttpServer } from '../../test/local-http-server';
import { MOCK_PNG } from '../../test/mock-midjourney-proxy';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';

/** A service on this host (a local model server, or Redis's port for a prober): a model list and a picture, each request counted. */
class LoopbackService extends LocalHttpServer {
  hits = 0;
  protected handle(request: IncomingMessage, response: ServerResponse): void {
    this.hits += 1;
    if (request.url === '/picture.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(MOCK_PNG);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'local-model' }] }));
  }
}

/**
 * The product as installed (docs/security.md, outbound addresses): a database as the migrations
 * leave it, without the option the other tests start with, refuses loopback for channels and for
 * the addresses an upstream gives, until a super administrator turns ChannelPrivateAddressEnabled on.
 */
describe('ChannelPrivateAddressEnabled on a fresh installation', () => {
  let t: TestApp;
  let root: TestAgent;
  let local: LoopbackService;
  const pictureTask = '4711000000000000001';

  beforeAll(async () => {
    local = await new LoopbackService().start();
    t = await startTestApp({ ROLE: 'api' }, { productDefaults: true });
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    await finishedDrawing(pictureTask, `${local.url}/picture.png`);
  });
  afterAll(async () => {
    await t?.close();
    await local?.stop();
  });

  /** A finished drawing whose picture the upstream placed at `imageUrl`, as the poller stores it. */
  const finishedDrawing = (publicId: string, imageUrl: string) =>
    t.db.query(
      `INSERT INTO tasks (public_id, platform, user_id, token_id, channel_id, model_name, action, status, progress, image_url)
       VALUES ($1, $2, 1, 0, 0, 'mj_imagine', 'IMAGINE', 'SUCCESS', '100%', $3)`,
      [publicId, TASK_PLATFORM.MIDJOURNEY, imageUrl],
    );
  const fetchModels = () => root.post('/api/channel/fetch_models').send({ type: 1, base_url: local.url, key: 'sk-x' });
  const picture = (publicId = pictureTask) => request(t.app.getHttpServer()).get(`/mj/image/${publicId}`);

  it('is off: nothing stored, listed as false', async () => {
    expect(await t.db.query(`SELECT value FROM options WHERE key = 'ChannelPrivateAddressEnabled'`)).toEqual([]);
    const listed = (await root.get('/api/option/')).body.data as Array<{ key: string; value: string }>;
    expect(listed.find((option) => option.key === 'ChannelPrivateAddressEnabled')?.value).toBe('false');
  });

  it('refuses a loopback channel address and a loopback picture address with the reason, without a request reaching them', async () => {
    expect((await fetchModels()).body).toMatchObject({ success: false, message: '获取模型列表失败：出站地址策略拒绝访问 127.0.0.1：本机或内网地址未被允许' });
    const refused = await picture();
    expect(refused.status).toBe(502);
    // The picture's address stays private: the reason names no host.
    expect(refused.body).toMatchObject({ description: '上游图片地址被出站地址策略拒绝：本机或内网地址未被允许', result: null });
    expect(local.hits).toBe(0);
  });

  it('reaches them once a super administrator turns the switch on', async () => {
    expect((await root.put('/api/option/').send({ key: 'ChannelPrivateAddressEnabled', value: 'true' })).body.success).toBe(true);
    expect((await fetchModels()).body).toMatchObject({ success: true, data: ['local-model'] });
    const served = await picture();
    expect(served.status).toBe(200);
    expect(Buffer.compare(served.body as Buffer, MOCK_PNG)).toBe(0);
    expect(local.hits).toBe(2);
  });

  it('never fetches a picture an upstream placed on a metadata address, even with the switch on', async () => {
    const metadataTask = '4711000000000000002';
    await finishedDrawing(metadataTask, 'http://169.254.169.254/latest/meta-data/');
    const refused = await picture(metadataTask);
    expect(refused.status).toBe(502);
    expect(refused.body.description).toBe('上游图片地址被出站地址策略拒绝：链路本地、云元数据等地址一律禁止访问');
  });
});
