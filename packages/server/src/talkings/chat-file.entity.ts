import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** An image a user uploaded for the compare chat (spec 3 §3 Uploaded file); only its owner may send it to a model. */
@Entity('chat_files')
export class ChatFileEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  /** The storage key (StorageService). */
  @Column({ type: 'varchar', length: 500, unique: true })
  key: string;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  type: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  size: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;
}
