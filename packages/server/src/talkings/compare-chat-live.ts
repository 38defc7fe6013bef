import { Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';

/**
 * The compare chat answers streaming on this instance, by message id. A stop that reaches the
 * instance serving the answer ends it at once: closing the client's response is what the relay
 * sees as a disconnect, so it aborts the upstream call and bills what was produced. (On another
 * instance the stop is still recorded, and the browser aborts its own request too.)
 */
@Injectable()
export class CompareChatLive {
  private readonly live = new Map<number, ServerResponse>();

  add(messageId: number, response: ServerResponse): void {
    this.live.set(messageId, response);
    response.once('close', () => {
      if (this.live.get(messageId) === response) this.live.delete(messageId);
    });
  }

  /** Ends the answer's response if it is still streaming here. */
  stop(messageId: number): void {
    const response = this.live.get(messageId);
    if (response && !response.writableEnded) response.destroy();
  }
}
