import { describe, expect, it } from 'vitest';
import type { Heartbeat } from '@/api/model-health';
import { HEARTBEAT_LIMIT, levelView, providerHealth, recentHeartbeats } from './heartbeat-view';

const beat = (created_at: number, fields: Partial<Heartbeat> = {}): Heartbeat => ({ created_at, resp_time: 100, level: 1, err_reason: '', ...fields });

describe('recentHeartbeats', () => {
  it('keeps the latest 40 of a newest-first list and puts them oldest first', () => {
    const newestFirst = Array.from({ length: 45 }, (_, i) => beat(1000 - i));
    const recent = recentHeartbeats(newestFirst);
    expect(recent).toHaveLength(HEARTBEAT_LIMIT);
    expect(recent[0].created_at).toBe(961);
    expect(recent.at(-1)?.created_at).toBe(1000);
    expect(newestFirst[0].created_at).toBe(1000);
  });
});

describe('levelView', () => {
  it('maps the levels to green, yellow and red classes', () => {
    expect([1, 2, 3, 9].map((level) => levelView(level).className)).toEqual([
      'heartbeat-level-1',
      'heartbeat-level-2',
      'heartbeat-level-3',
      'heartbeat-level-unknown',
    ]);
  });
});

describe('providerHealth', () => {
  it('orders providers and models by name, takes the newest as latest and drops empty ones', () => {
    const health = providerHealth({
      openai: { 'gpt-4o': [beat(20, { resp_time: 900 }), beat(10)], 'o3': [] },
      anthropic: { 'claude-3-5': [beat(5)] },
      empty: {},
    });
    expect(health.map((entry) => entry.provider)).toEqual(['anthropic', 'openai']);
    expect(health[1].models.map((entry) => entry.model)).toEqual(['gpt-4o']);
    expect(health[1].models[0].latest?.resp_time).toBe(900);
    expect(providerHealth(undefined)).toEqual([]);
  });
});
