import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataSource } from 'typeorm';
import type { ChannelEvents } from '../channels/channel-events';
import type { AppConfig } from '../config/app-config';
import { SecretBox } from '../crypto/secret-box';
import { RedisService } from '../redis/redis.service';
import { ChannelCacheService } from './channel-cache.service';
import { KeySelector } from './key-selector';

const secrets = new SecretBox('channel-cache-spec-secret-0123456789');

const rowFor = (id: number, model: string) => ({
  id,
  type: 1,
  name: `channel ${id}`,
  base_url: '',
  key_sealed: secrets.seal('sk-upstream'),
  openai_organization: '',
  other: '',
  model_mapping: '',
  status_code_mapping: '',
  model_req_config: '',
  model_req_limit: '',
  auto_ban: 1,
  priority: 0,
  weight: 0,
  group: 'default',
  model,
});

/** A database whose channel queries answer only when the test releases them, with the rows of that moment (and no multi-key channel). */
function heldDatabase() {
  let rows: unknown[] = [];
  const waiting: Array<() => void> = [];
  const dataSource = {
    query: (sql: string) =>
      sql.includes('FROM channel_keys') ? Promise.resolve([]) : new Promise<unknown[]>((resolve) => {
        const seen = rows; // the query reads the rows as they are when it runs
        waiting.push(() => resolve(seen));
      }),
  } as unknown as DataSource;
  return {
    dataSource,
    setRows: (next: unknown[]) => {
      rows = next;
    },
    releaseAll: async () => {
      while (waiting.length > 0) {
        waiting.shift()!();
        await new Promise((done) => setImmediate(done));
      }
    },
  };
}

describe(ChannelCacheService.name, () => {
  it('never answers from a load that started before a channel change', async () => {
    const database = heldDatabase();
    let changed: () => void = () => undefined;
    const events = { onChange: async (listener: () => void) => void (changed = listener) } as unknown as ChannelEvents;
    const cache = new ChannelCacheService(database.dataSource, secrets, events, new KeySelector(new RedisService({ redisUrl: undefined } as AppConfig)));
    await cache.onModuleInit();

    // A request starts a load that reads the rows from before the new channel...
    const early = cache.candidates('default', 'new-model');
    // ...the channel is saved and announced while that load is running...
    database.setRows([rowFor(7, 'new-model')]);
    changed();
    // ...and a request right after the save must see it.
    const afterSave = cache.candidates('default', 'new-model');
    await database.releaseAll();
    await database.releaseAll();

    expect((await afterSave).map((candidate) => candidate.channel.id)).toEqual([7]);
    // The request that came before the save may see either; it is not left hanging.
    expect((await early).length).toBeLessThanOrEqual(1);
  });

  afterEach(() => vi.useRealTimers());

  it('past its age, serves the snapshot it has while one reload runs; a change still waits for the reload', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
    const database = heldDatabase();
    let changed: () => void = () => undefined;
    const events = { onChange: async (listener: () => void) => void (changed = listener) } as unknown as ChannelEvents;
    const cache = new ChannelCacheService(database.dataSource, secrets, events, new KeySelector(new RedisService({ redisUrl: undefined } as AppConfig)));
    await cache.onModuleInit();
    database.setRows([rowFor(1, 'model')]);
    const first = cache.candidates('default', 'model');
    await database.releaseAll();
    expect((await first).map((candidate) => candidate.channel.id)).toEqual([1]);

    // A minute later with no change: answered at once from the snapshot, the reload runs behind.
    vi.setSystemTime(61_000);
    database.setRows([rowFor(2, 'model')]);
    const ids = async (pending: Promise<readonly { channel: { id: number } }[]>) => (await pending).map((candidate) => candidate.channel.id);
    expect(await ids(cache.candidates('default', 'model'))).toEqual([1]);
    expect(await ids(cache.candidates('default', 'model'))).toEqual([1]);
    await database.releaseAll();
    expect(await ids(cache.candidates('default', 'model'))).toEqual([2]);

    // A change announced: the next request waits for a snapshot read after it.
    database.setRows([rowFor(3, 'model')]);
    changed();
    let answered: number[] | undefined;
    const afterChange = ids(cache.candidates('default', 'model')).then((list) => (answered = list));
    await new Promise((done) => setImmediate(done));
    expect(answered).toBeUndefined();
    await database.releaseAll();
    await afterChange;
    expect(answered).toEqual([3]);
  });
});
