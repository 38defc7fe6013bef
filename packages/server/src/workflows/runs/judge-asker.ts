import type { WorkflowScorer } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { InternalRelay } from '../../relay/internal-relay';
import { type CallOptions, callRecorded } from './recorded-call';
import { type PendingJudgement, RunStore, type ScoreRecord } from './run-store';
import { judgeMessages, readVerdict } from './scoring/judge';

/** What asking one judge came to. */
export type Judged = { kind: 'recorded' } | { kind: 'skipped' } | { kind: 'fatal'; message: string };

/** A judge needs no creativity: the same answer should get the same verdict. */
const JUDGE_TEMPERATURE = 0;

/**
 * Asks a run's judge about one answer, billed to the run's user like any relay call and recorded
 * like an answer (callRecorded): the verdict is kept before the charge settles, at most once. A
 * reply that cannot be read is kept as a failed score with its raw text (the call was answered and
 * charged); a call that failed after its retries is a failed score, uncharged.
 */
@Injectable()
export class JudgeAsker {
  constructor(
    private readonly relay: InternalRelay,
    private readonly store: RunStore,
  ) {}

  async judge(run: { id: number; user_id: number }, scorer: WorkflowScorer, pending: PendingJudgement, options: Pick<CallOptions, 'onAnswered'> = {}): Promise<Judged> {
    const messages = judgeMessages(scorer, { question: pending.input, reference: pending.reference, answer: pending.answer });
    const outcome = await callRecorded(this.relay, run.user_id, { model: scorer.model, messages, temperature: JUDGE_TEMPERATURE }, async ({ answer, streamError, outcome }) => {
      const billed = { raw: answer, quota: outcome.quota, requestId: outcome.requestId, kind: 'llm_judge' };
      let score: ScoreRecord;
      if (streamError) score = { ...billed, status: 'failed', value: null, label: null, passed: null, reason: streamError };
      else {
        const verdict = readVerdict(scorer, answer);
        score = 'problem' in verdict ? { ...billed, status: 'failed', value: null, label: null, passed: null, reason: verdict.problem } : { ...billed, status: 'done', ...verdict };
      }
      return { recorded: await this.store.recordJudgement(run.id, pending, score), value: score };
    }, options);
    if (outcome.kind === 'recorded' || outcome.kind === 'skipped') return { kind: outcome.kind };
    const failed: ScoreRecord = { status: 'failed', kind: 'llm_judge', value: null, label: null, passed: null, reason: outcome.message };
    const recorded = await this.store.recordJudgement(run.id, pending, failed);
    if (outcome.kind === 'fatal') return outcome;
    return { kind: recorded ? 'recorded' : 'skipped' };
  }
}
