import type { ChatStreamHead } from '@gw/shared';
import type { ClientChunk } from '../relay/adaptors/adaptor';
import { chunkDelta } from '../relay/stream/chunk-delta';
import { type ClientFraming, OPENAI_FRAMING } from '../relay/stream/client-framing';
import { type Blind, blindChunk, maskModel } from './arena-blinding';

/** One server-sent event of the compare chat's own (the head and the tail around the chunks). */
export const chatEvent = (data: unknown): string => `data: ${JSON.stringify(data)}\n\n`;

/**
 * The compare chat's stream framing: OpenAI's, with the stored message's id announced before the
 * first chunk (ChatStreamHead), and every chunk's answer and reasoning text kept on the side so the
 * row can be stored when the relay settles. The end marker is left to the compare chat, which
 * writes its tail (ChatStreamTail) first. In a battle not yet voted (`blind`), each chunk names
 * the model's place, not the model (arena-blinding.ts).
 */
export class ChatCapture implements ClientFraming<ClientChunk> {
  readonly end = '';
  answer = '';
  thinking = '';
  /** The message of an error event that ended the stream (the upstream broke mid-answer). */
  streamError = '';
  private announced = false;

  constructor(
    private readonly messageId: number,
    private readonly blind?: Blind,
  ) {}

  /** Whether the head event went out: the browser knows the row (a failure before it keeps none). */
  get started(): boolean {
    return this.announced;
  }

  encode(chunk: ClientChunk): string {
    this.capture(chunk);
    const framed = OPENAI_FRAMING.encode(this.blind ? blindChunk(chunk, this.blind, this.messageId) : chunk);
    if (this.announced) return framed;
    this.announced = true;
    return chatEvent({ hr_message_id: this.messageId } satisfies ChatStreamHead) + framed;
  }

  error(message: string): string {
    this.streamError = message;
    return OPENAI_FRAMING.error(maskModel(message, this.blind));
  }

  private capture(chunk: ClientChunk): void {
    const { content, reasoning } = chunkDelta(chunk);
    this.answer += content;
    this.thinking += reasoning;
  }
}
