import { Injectable } from '@nestjs/common';
import { InternalRelay } from '../../relay/internal-relay';
import { type CallOptions, callRecorded } from './recorded-call';
import type { RunColumn } from './run-plan';
import { type AnswerKey, type AnswerRecord, RunStore, type ScoreRecord } from './run-store';
import { messagesFor, type SampleInput } from './sample-prompt';
import type { CompiledScorers } from './scoring/cheap-scorers';

export { ANSWER_TRIES, MSG_ALREADY_RECORDED, RETRY_BASE_MS } from './recorded-call';

/** What asking one answer came to. */
export type Asked =
  | { kind: 'recorded'; record: AnswerRecord }
  /** Another worker recorded it first (nothing was charged here), or the run is gone. */
  | { kind: 'skipped' }
  /** A refusal every later answer would meet too (no token, no quota): the run should stop. */
  | { kind: 'fatal'; message: string };

/**
 * Asks one sample of one column through the relay as the run's user (callRecorded: recorded before
 * the charge is settled, at most once). An answer is recorded with its scores from every scorer
 * that needs no model, and a judge's score left pending for the run's judge queue (RunEngine), in
 * one statement. What still fails after the retries is recorded as failed, uncharged and unscored.
 */
@Injectable()
export class AnswerAsker {
  constructor(
    private readonly relay: InternalRelay,
    private readonly store: RunStore,
  ) {}

  async ask(
    run: { id: number; user_id: number },
    column: RunColumn,
    pending: SampleInput & AnswerKey,
    options: CallOptions & { scoring?: CompiledScorers } = {},
  ): Promise<Asked> {
    const body = { model: column.model, messages: messagesFor(column, pending.input), ...column.params };
    const outcome = await callRecorded(
      this.relay,
      run.user_id,
      body,
      async ({ answer, streamError, outcome }) => {
        const record: AnswerRecord = {
          status: streamError ? 'failed' : 'done',
          answer,
          quota: outcome.quota,
          promptTokens: outcome.usage.prompt_tokens,
          completionTokens: outcome.usage.completion_tokens,
          useTimeMs: outcome.durationMs,
          firstTokenMs: outcome.firstTokenMs,
          error: streamError,
          requestId: outcome.requestId,
        };
        const scores = options.scoring ? scoresOf(pending, record, options.scoring) : [];
        return { recorded: await this.store.record(run.id, pending, record, scores), value: record };
      },
      options,
    );
    if (outcome.kind === 'skipped') return outcome;
    if (outcome.kind === 'recorded') return { kind: 'recorded', record: outcome.value };
    const recorded = await this.store.record(run.id, pending, failure(outcome.message));
    if (outcome.kind === 'fatal') return outcome;
    return recorded ? { kind: 'recorded', record: failure(outcome.message) } : { kind: 'skipped' };
  }

  /** Scores an answer recorded without its scores (RunEngine's sweep of an interrupted scoring or a re-scoring). */
  async score(runId: number, pending: SampleInput & AnswerKey, record: Pick<AnswerRecord, 'status' | 'answer' | 'quota' | 'useTimeMs'>, scoring: CompiledScorers): Promise<void> {
    await this.store.addScores(runId, pending, scoresOf(pending, record, scoring));
  }
}

/** The scores of an answer: none for a failed one. */
function scoresOf(sample: SampleInput, record: Pick<AnswerRecord, 'status' | 'answer' | 'quota' | 'useTimeMs'>, scoring: CompiledScorers): ScoreRecord[] {
  if (record.status !== 'done') return [];
  return scoring.score({ answer: record.answer, reference: sample.reference, choice: sample.choice, quota: record.quota, useTimeMs: record.useTimeMs });
}

/** An answer that failed without being charged. */
function failure(message: string): AnswerRecord {
  return { status: 'failed', answer: '', quota: 0, promptTokens: 0, completionTokens: 0, useTimeMs: 0, firstTokenMs: 0, error: message, requestId: '' };
}
