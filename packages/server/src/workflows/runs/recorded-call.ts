import { Logger } from '@nestjs/common';
import { type InternalAnswer, InternalRelay } from '../../relay/internal-relay';
import { RelayError } from '../../relay/relay-error';

export const MSG_ALREADY_RECORDED = '该回答已被记录，本次不计费';

/** Tries of one call, and the wait before each retry (×4 each time). */
export const ANSWER_TRIES = 3;
export const RETRY_BASE_MS = 250;

/** What one recorded call came to. */
export type CallOutcome<T> =
  | { kind: 'recorded'; value: T }
  /** Another worker recorded it first (nothing was charged here), or the run is gone. */
  | { kind: 'skipped' }
  /** A refusal every later call would meet too (no token, no quota): the run should stop. */
  | { kind: 'fatal'; message: string }
  /** Failed for good (after the retries of what may pass): nothing was charged. */
  | { kind: 'failed'; message: string };

export type CallOptions = {
  onDelta?: (content: string) => void;
  signal?: AbortSignal;
  /**
   * The upstream has answered (the record and the settlement are what is left): the caller's slot
   * may go to the next call. A retry after a record that failed (the database, not the upstream) is
   * asked outside that slot; the caller bounds it with everything else in flight (CallSlots).
   */
  onAnswered?: () => void;
};

/** Failures that may pass when asked again: limits, the upstream or the gateway being briefly unable. */
const transient = (error: RelayError): boolean => error.status === 429 || error.status >= 500;
/** Failures about the user rather than the call. */
const fatal = (error: RelayError): boolean => error.status === 401 || error.status === 403;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const logger = new Logger('RecordedCall');

/**
 * One chat call of a run through the relay as the run's user, kept by `keep` in the same step that
 * the relay keeps it, before the charge is settled (RelayObserver.record): a call is charged only
 * if `keep` recorded it, and `keep` records at most once (its store writes only from 'pending').
 * Transient failures are asked again, up to ANSWER_TRIES. Answers and judges both go through here.
 */
export async function callRecorded<T>(
  relay: InternalRelay,
  userId: number,
  body: Record<string, unknown>,
  keep: (answer: InternalAnswer) => Promise<{ recorded: boolean; value: T }>,
  options: CallOptions = {},
): Promise<CallOutcome<T>> {
  let lastError: RelayError | undefined;
  for (let attempt = 1; attempt <= ANSWER_TRIES; attempt++) {
    let kept: { recorded: boolean; value: T } | undefined;
    try {
      await relay.chat(
        userId,
        body,
        {
          onDelta: options.onDelta,
          record: async (answer) => {
            options.onAnswered?.();
            kept = await keep(answer);
            // Not recorded: refuse the charge (the relay refunds the reservation).
            if (!kept.recorded) throw new RelayError(409, MSG_ALREADY_RECORDED, 'conflict', 'already_recorded');
          },
        },
        options.signal,
      );
      if (kept?.recorded) return { kind: 'recorded', value: kept.value };
    } catch (error) {
      // Kept (and the charge failed after it), or kept by another worker: asked either way.
      if (kept) return kept.recorded ? { kind: 'recorded', value: kept.value } : { kind: 'skipped' };
      lastError = error instanceof RelayError ? error : unforeseen(error);
      if (fatal(lastError)) return { kind: 'fatal', message: lastError.message };
      if (!transient(lastError) || attempt === ANSWER_TRIES || options.signal?.aborted) break;
      await sleep(RETRY_BASE_MS * 4 ** (attempt - 1));
    }
  }
  return { kind: 'failed', message: lastError?.message ?? '未知错误' };
}

/** A failure that is no refusal (a bug, an outage): its words go to the log; the record, which its user reads, gets the gateway's own. */
function unforeseen(error: unknown): RelayError {
  logger.error(`A run's call failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return new RelayError(500, '服务器内部错误', 'server_error');
}
