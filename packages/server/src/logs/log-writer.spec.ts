import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestApp } from '../../test/test-app';
import { LOG_TYPE } from './log.entity';
import { LogWriterService, type NewLog } from './log-writer.service';

const row = (content: string): NewLog => ({
  created_at: 1,
  type: LOG_TYPE.CONSUME,
  user_id: 0,
  username: 'u',
  token_id: 0,
  token_name: '',
  channel: 0,
  channel_name: '',
  model_name: 'm',
  resp_model_name: '',
  group: 'default',
  quota: 1,
  prompt_tokens: 1,
  prompt_audio_tokens: 0,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  completion_tokens: 1,
  thoughts_tokens: 0,
  use_time: 0,
  is_stream: false,
  status_code: 200,
  content,
  other: '',
  attempts_log: '',
  request_id: '',
  ip: '',
  instance: 'gw-test',
  use_time_ms: 0,
});

describe(LogWriterService.name, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes queued rows in batches and loses none on a graceful shutdown', async () => {
    const sut = t.app.get(LogWriterService);
    for (let i = 0; i < 1200; i++) sut.write(row(`row-${i}`));
    // Stop the application while rows still wait in memory: shutdown must flush them.
    await t.stopApp();
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM logs WHERE content LIKE 'row-%'`);
    expect(count).toBe(1200);
  });
});
