import { EventEmitter } from 'node:events';

/**
 * Tells an upstream call that its client went away. undici takes an EventEmitter as the signal
 * of a request (it listens for `abort`) as well as an AbortSignal; this costs a plain object per
 * request where an AbortController creates an EventTarget, which the bench profile showed among
 * the relay's dearest per-request costs.
 */
export class ClientDisconnect extends EventEmitter {
  aborted = false;

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.emit('abort');
  }
}

/** What the relay reads of a cancellation: whether it happened (an AbortSignal or a ClientDisconnect). */
export interface Cancellation {
  readonly aborted: boolean;
}
