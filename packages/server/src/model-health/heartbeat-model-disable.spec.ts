import { ABILITY_STATUS, CHANNEL_STATUS } from '@gw/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockOpenAiUpstream } from '../../test/mock-openai-upstream';
import { type RelayFixture, startRelayFixture } from '../../test/relay-fixture';
import { HeartbeatRunner } from './heartbeat-runner';

/** The mock answers this model 404 model_not_found, and FAILING with a 500. */
const GONE = 'hbd-gone';
const FAILING = 'fail-500';
const MODELS = ['hbd-ok', GONE, FAILING, 'hbd-nb-ok', 'hbd-nb-gone'];
/** Far from any slot a schedule would pick. */
const SLOT = 1_000_000_500;

interface AbilityRow {
  group: string;
  model: string;
  enabled: boolean;
  status: number;
  status_reason: string;
  status_time: string;
}

describe('model heartbeats disable a model the upstream lacks, on that channel alone (issue 29)', () => {
  let f: RelayFixture;
  let upstream: MockOpenAiUpstream;

  const setOption = async (key: string, value: string) => expect((await f.admin.put('/api/option/').send({ key, value })).body.success).toBe(true);
  const abilities = (channelId: number): Promise<AbilityRow[]> =>
    f.t.db.query('SELECT "group", model, enabled, status, status_reason, status_time FROM abilities WHERE channel_id = $1 ORDER BY model, "group"', [channelId]);
  const statusOf = async (channelId: number) => (await f.t.db.query('SELECT status FROM channels WHERE id = $1', [channelId]))[0].status;

  beforeAll(async () => {
    upstream = await new MockOpenAiUpstream().start();
    upstream.goneModels.add(GONE);
    upstream.goneModels.add('hbd-nb-gone');
    // ROLE=api: no schedule runs heartbeats or sweeps behind the test's back.
    f = await startRelayFixture({ models: MODELS, completionRatio: 1, channelDefaults: { type: 1, key: 'sk-heartbeat', base_url: upstream.url }, env: { ROLE: 'api' } });
    await setOption('AutomaticDisableChannelEnabled', 'true');
  });
  afterAll(async () => {
    await f.t.close();
    await upstream.stop();
  });

  it('a heartbeat answered "model not found" disables that model in every group of the channel, with reason and time; the channel and its other models serve on', async () => {
    const banned = await f.channel({ name: 'hb-ban', models: `hbd-ok,${GONE},${FAILING}`, groups: ['default', 'vip'] });
    const notBanned = await f.channel({ name: 'hb-noban', models: 'hbd-nb-ok,hbd-nb-gone', auto_ban: 0 });
    await f.t.app.get(HeartbeatRunner).run(SLOT);

    const rows = await abilities(banned);
    const gone = rows.filter((row) => row.model === GONE);
    expect(gone.map((row) => row.group)).toEqual(['default', 'vip']);
    for (const row of gone) {
      expect(row).toMatchObject({ enabled: false, status: ABILITY_STATUS.AUTO_DISABLED });
      expect(row.status_reason).toMatch(/^HTTP 404: .*model_not_found/);
      expect(Number(row.status_time)).toBeGreaterThan(0);
    }
    // A 500 speaks about the channel, not the model: the heartbeat records it and disables nothing.
    for (const row of rows.filter((row) => row.model !== GONE)) expect(row).toMatchObject({ enabled: true, status: ABILITY_STATUS.ENABLED, status_reason: '' });
    expect(await statusOf(banned)).toBe(CHANNEL_STATUS.ENABLED);

    // auto_ban off: the heartbeat fails, as the relay would leave it, nothing is disabled.
    for (const row of await abilities(notBanned)) expect(row).toMatchObject({ enabled: true, status: ABILITY_STATUS.ENABLED });
    const beats: Array<{ model: string; level: number }> = await f.t.db.query('SELECT model, level FROM heartbeats WHERE slot = $1 AND channel_id = $2', [SLOT, notBanned]);
    expect(beats.find((beat) => beat.model === 'hbd-nb-gone')?.level).toBe(3);

    // The channel's model drawer shows the state the heartbeat set.
    const states = (await f.admin.get(`/api/channel/model_states/${banned}`)).body.data as Array<{ model: string; status: number }>;
    expect(states.find((state) => state.model === GONE)?.status).toBe(ABILITY_STATUS.AUTO_DISABLED);
  });

  it('leaves models alone while AutomaticDisableChannelEnabled is off', async () => {
    await setOption('AutomaticDisableChannelEnabled', 'false');
    const channel = await f.channel({ name: 'hb-option-off', models: GONE });
    await f.t.app.get(HeartbeatRunner).run(SLOT + 60);
    for (const row of await abilities(channel)) expect(row).toMatchObject({ enabled: true, status: ABILITY_STATUS.ENABLED });
    await setOption('AutomaticDisableChannelEnabled', 'true');
  });
});
