import type { ChatMessageStatus, ChatUserContent } from '@gw/shared';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** One exchange of a conversation: the user's query and the model's answer (spec 3 §3 Message; @gw/shared chat.ts explains rounds). */
@Entity('chat_messages')
export class ChatMessageEntity {
  // PrimaryColumn with generated: PrimaryGeneratedColumn's types leave out the transformer.
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintToNumber })
  id: number;

  @Column({ type: 'integer' })
  conversation_id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 255 })
  model_name: string;

  /** The text of the user's message. */
  @Column({ type: 'text', default: '' })
  query: string;

  /** The user's message as sent (text, or parts with images). */
  @Column({ type: 'jsonb' })
  message: ChatUserContent;

  @Column({ type: 'text', default: '' })
  answer: string;

  @Column({ type: 'text', default: '' })
  thinking: string;

  @Column({ type: 'bigint', nullable: true, transformer: bigintToNumber })
  last_id: number | null;

  @Column({ type: 'bigint', nullable: true, transformer: bigintToNumber })
  last_edit_id: number | null;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  round_id: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  query_id: number;

  @Column({ type: 'integer', nullable: true })
  stop_index: number | null;

  @Column({ type: 'varchar', length: 16, default: 'streaming' })
  status: ChatMessageStatus;

  @Column({ type: 'text', default: '' })
  error: string;

  @Column({ type: 'bigint', default: 0, transformer: bigintToNumber })
  quota: number;

  @Column({ type: 'integer', default: 0 })
  prompt_tokens: number;

  @Column({ type: 'integer', default: 0 })
  completion_tokens: number;

  @Column({ type: 'integer', default: 0 })
  first_token_ms: number;

  @Column({ type: 'integer', default: 0 })
  duration_ms: number;

  /**
   * The instance streaming the answer (gateway_instances.instance_id): when it dies, the row is
   * ended as interrupted (interrupted-answers.ts). Never shown to the user.
   */
  @Column({ type: 'varchar', length: 64, default: '' })
  instance_id: string;

  /** The relay's request id, which its log row carries too. */
  @Column({ type: 'varchar', length: 64, default: '' })
  request_id: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  updated_at: number;
}
