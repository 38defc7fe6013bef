import { describe, expect, it } from 'vitest';
import type { InternalRelay } from '../../relay/internal-relay';
import { AnswerAsker, ANSWER_TRIES } from './answer-asker';
import type { RunColumn } from './run-plan';
import type { AnswerRecord, RunStore } from './run-store';

const column: RunColumn = { node_id: 'llm-1', model: 'model-a', params: {}, system: '', user: '' };
const pending = { idx: 0, col: 0, rep: 0, input: '1 + 1 = ?', reference: '2', choice: false };

/** A relay that fails the way no refusal does: a Node error naming an internal address. */
function brokenRelay(): { relay: InternalRelay; calls: () => number } {
  let calls = 0;
  const relay = {
    chat: async () => {
      calls += 1;
      throw new Error('connect ECONNREFUSED 10.0.0.7:5432');
    },
  } as unknown as InternalRelay;
  return { relay, calls: () => calls };
}

/** The answers recorded, as RunStore.record keeps them. */
function recordingStore(): { store: RunStore; records: AnswerRecord[] } {
  const records: AnswerRecord[] = [];
  const store = {
    record: async (_runId: number, _key: unknown, record: AnswerRecord) => {
      records.push(record);
      return true;
    },
  } as unknown as RunStore;
  return { store, records };
}

describe(AnswerAsker.name, () => {
  it('records an unforeseen failure with the gateway’s own words, after its retries, never the error’s', async () => {
    const { relay, calls } = brokenRelay();
    const { store, records } = recordingStore();
    const sut = new AnswerAsker(relay, store);
    const asked = await sut.ask({ id: 1, user_id: 2 }, column, pending);
    expect(calls()).toBe(ANSWER_TRIES);
    expect(asked).toMatchObject({ kind: 'recorded', record: { status: 'failed', error: '服务器内部错误', quota: 0 } });
    expect(records).toEqual([expect.objectContaining({ status: 'failed', error: '服务器内部错误' })]);
  });
});
