import { Logger } from '@nestjs/common';
import type { ChatCapture } from './chat-capture';
import type { CompareChatStore } from './compare-chat-store';

/** How often a long answer's text is saved while it streams. */
export const ANSWER_CHECKPOINT_MS = 1500;

const logger = new Logger('AnswerCheckpoint');

/**
 * Saves a streaming answer's text every ANSWER_CHECKPOINT_MS, so that an answer whose instance
 * dies mid-stream keeps what it had produced when InterruptedAnswers ends it. Most answers end
 * before the first save, so the common case costs no write; a save that fails (the database
 * away) is skipped, the answer's settlement stores it whole anyway.
 */
export class AnswerCheckpoint {
  private readonly timer: NodeJS.Timeout;
  private savedLength = 0;

  constructor(
    private readonly store: CompareChatStore,
    private readonly messageId: number,
    private readonly capture: ChatCapture,
    /** The row's insert, which a save waits for. */
    private readonly written: Promise<void>,
  ) {
    this.timer = setInterval(() => void this.save(), ANSWER_CHECKPOINT_MS);
    this.timer.unref();
  }

  end(): void {
    clearInterval(this.timer);
  }

  private async save(): Promise<void> {
    const length = this.capture.answer.length + this.capture.thinking.length;
    if (length === this.savedLength) return;
    this.savedLength = length;
    try {
      await this.written;
      await this.store.checkpoint(this.messageId, this.capture);
    } catch (error) {
      logger.warn(`Could not save answer ${this.messageId} while it streams: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
