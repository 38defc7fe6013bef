import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_DATASETS } from './sample-datasets';
import { type EmbeddedApp, startEmbeddedApp } from '../../../test/embedded-app';

/** The embedded default (DESIGN.md §3): PGlite and local storage, no DATABASE_URL or REDIS_URL. */
describe('sample datasets on the embedded database (integration)', () => {
  let embedded: EmbeddedApp;
  let app: INestApplication;

  beforeAll(async () => {
    embedded = await startEmbeddedApp('market');
    app = embedded.app;
  }, 120_000);
  afterAll(async () => embedded?.close());

  it('opens on the samples: the list, a type filter, a search, records and their pictures', async () => {
    const guest = request(app.getHttpServer());
    const list = await guest.get('/api/data_library_info/').query({ page: 1, page_size: 9 });
    expect(list.body.data.total).toBe(SAMPLE_DATASETS.length);
    expect(list.body.data.list.map((dataset: { name: string }) => dataset.name)).toEqual(SAMPLE_DATASETS.map((sample) => sample.name));
    const code = await guest.get('/api/data_library_info/').query({ data_type: '代码,对话' });
    expect(code.body.data.list.map((dataset: { name: string }) => dataset.name).sort()).toEqual(['Python 与 SQL 编程小题', '电商客服多轮对话'].sort());
    const found = await guest.get('/api/data_library_info/').query({ description: '看图' });
    const multimodal = found.body.data.list[0];
    expect(multimodal).toMatchObject({ name: '图形识别图文问答', cloud_path: '/uploads/samples/', image_field: 'image' });
    const rows = await guest.get('/api/data_library_info/source').query({ belong_id: multimodal.id, page: 1, page_size: 4 });
    expect(rows.body.data).toMatchObject({ total: multimodal.data_num, page: 1, page_size: 4 });
    const first = JSON.parse(rows.body.data.list[0].body);
    const picture = await guest.get(`${multimodal.cloud_path}${first.image}`);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
  });
});
