import type { Heartbeat, HeartbeatsByProvider } from '@/api/model-health';

/** Spec 2 §9: the latest 40 heartbeats of each model are shown. */
export const HEARTBEAT_LIMIT = 40;

/** Spec 2 §4 heartbeat level colours: 1 green, 2 yellow, 3 red. */
const LEVELS: Record<number, { label: string; className: string }> = {
  1: { label: '正常', className: 'heartbeat-level-1' },
  2: { label: '较慢', className: 'heartbeat-level-2' },
  3: { label: '异常', className: 'heartbeat-level-3' },
};

export const LEVEL_LEGEND = [1, 2, 3].map((level) => ({ level, ...LEVELS[level] }));

export function levelView(level: number): { label: string; className: string } {
  return LEVELS[level] ?? { label: '未知', className: 'heartbeat-level-unknown' };
}

/** The latest heartbeats (the server sends newest first), oldest first so that time runs left to right. */
export function recentHeartbeats(heartbeats: readonly Heartbeat[]): Heartbeat[] {
  return heartbeats.slice(0, HEARTBEAT_LIMIT).reverse();
}

export interface ModelHealth {
  model: string;
  heartbeats: Heartbeat[];
  latest?: Heartbeat;
}

export interface ProviderHealth {
  provider: string;
  models: ModelHealth[];
}

const byName = (a: string, b: string) => a.localeCompare(b);

/** Providers and their models in name order, each model with its recent heartbeats; empty ones dropped. */
export function providerHealth(data: HeartbeatsByProvider | undefined): ProviderHealth[] {
  return Object.keys(data ?? {})
    .sort(byName)
    .map((provider) => ({
      provider,
      models: Object.keys(data![provider] ?? {})
        .sort(byName)
        .map((model) => {
          const all = data![provider][model] ?? [];
          return { model, heartbeats: recentHeartbeats(all), latest: all[0] };
        })
        .filter((entry) => entry.heartbeats.length > 0),
    }))
    .filter((entry) => entry.models.length > 0);
}
