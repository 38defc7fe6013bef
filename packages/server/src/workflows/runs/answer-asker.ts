import { Injectable, Logger } from '@nestjs/common';
import { InternalRelay } from '../../relay/internal-relay';
import { RelayError } from '../../relay/relay-error';
import { scoreAnswer } from './answer-score';
import type { RunColumn } from './run-plan';
import { type AnswerRecord, RunStore } from './run-store';
import { messagesFor, type SampleInput } from './sample-prompt';

export const MSG_ALREADY_RECORDED = '该回答已被记录，本次不计费';

/** Tries of one answer, and the wait before each retry (×4 each time). */
export const ANSWER_TRIES = 3;
export const RETRY_BASE_MS = 250;

/** What asking one answer came to. */
export type Asked =
  | { kind: 'recorded'; record: AnswerRecord }
  /** Another worker recorded it first (nothing was charged here), or the run is gone. */
  | { kind: 'skipped' }
  /** A refusal every later answer would meet too (no token, no quota): the run should stop. */
  | { kind: 'fatal'; message: string };

/** Failures that may pass when asked again: limits, the upstream or the gateway being briefly unable. */
const transient = (error: RelayError): boolean => error.status === 429 || error.status >= 500;
/** Failures about the user rather than the answer. */
const fatal = (error: RelayError): boolean => error.status === 401 || error.status === 403;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Asks one sample of one column through the relay as the run's user and records the answer in the
 * same step that the relay keeps it, before the charge is settled (RelayObserver.record): an answer
 * is charged only if it was recorded, and recorded at most once (RunStore.record). Transient
 * failures are asked again, up to ANSWER_TRIES; what still fails is recorded as failed, uncharged.
 */
@Injectable()
export class AnswerAsker {
  private readonly logger = new Logger(AnswerAsker.name);

  constructor(
    private readonly relay: InternalRelay,
    private readonly store: RunStore,
  ) {}

  async ask(
    run: { id: number; user_id: number },
    column: RunColumn,
    pending: SampleInput & { idx: number; col: number },
    options: { onDelta?: (content: string) => void; signal?: AbortSignal } = {},
  ): Promise<Asked> {
    const body = { model: column.model, messages: messagesFor(column, pending.input), ...column.params };
    let lastError: RelayError | undefined;
    for (let attempt = 1; attempt <= ANSWER_TRIES; attempt++) {
      let result: { recorded: boolean; record: AnswerRecord } | undefined;
      try {
        await this.relay.chat(
          run.user_id,
          body,
          {
            onDelta: options.onDelta,
            record: async ({ answer, streamError, outcome }) => {
              const score = streamError ? null : scoreAnswer(answer, pending.reference, pending.choice);
              const record: AnswerRecord = {
                status: streamError ? 'failed' : 'done',
                answer,
                score: score?.score ?? null,
                scoreKind: score?.kind ?? null,
                quota: outcome.quota,
                promptTokens: outcome.usage.prompt_tokens,
                completionTokens: outcome.usage.completion_tokens,
                useTimeMs: outcome.durationMs,
                firstTokenMs: outcome.firstTokenMs,
                error: streamError,
                requestId: outcome.requestId,
              };
              const recorded = await this.store.record(run.id, pending.idx, pending.col, record);
              result = { recorded, record };
              // Not recorded: refuse the charge (the relay refunds the reservation).
              if (!recorded) throw new RelayError(409, MSG_ALREADY_RECORDED, 'conflict', 'already_recorded');
            },
          },
          options.signal,
        );
        if (result?.recorded) return { kind: 'recorded', record: result.record };
      } catch (error) {
        // Kept (and the charge failed after it), or kept by another worker: asked either way.
        if (result) return result.recorded ? { kind: 'recorded', record: result.record } : { kind: 'skipped' };
        lastError = error instanceof RelayError ? error : this.unforeseen(error);
        if (fatal(lastError)) {
          await this.recordFailure(run.id, pending, lastError.message);
          return { kind: 'fatal', message: lastError.message };
        }
        if (!transient(lastError) || attempt === ANSWER_TRIES || options.signal?.aborted) break;
        await sleep(RETRY_BASE_MS * 4 ** (attempt - 1));
      }
    }
    const message = lastError?.message ?? '未知错误';
    return (await this.recordFailure(run.id, pending, message)) ? { kind: 'recorded', record: failure(message) } : { kind: 'skipped' };
  }

  /** A failure that is no refusal (a bug, an outage): its words go to the log; the answer, which its user reads, gets the gateway's own. */
  private unforeseen(error: unknown): RelayError {
    this.logger.error(`Asking an answer failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return new RelayError(500, '服务器内部错误', 'server_error');
  }

  private recordFailure(runId: number, pending: { idx: number; col: number }, message: string): Promise<boolean> {
    return this.store.record(runId, pending.idx, pending.col, failure(message));
  }
}

/** An answer that failed without being charged. */
function failure(message: string): AnswerRecord {
  return { status: 'failed', answer: '', score: null, scoreKind: null, quota: 0, promptTokens: 0, completionTokens: 0, useTimeMs: 0, firstTokenMs: 0, error: message, requestId: '' };
}
