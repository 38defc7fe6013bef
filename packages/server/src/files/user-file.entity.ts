import type { UserFileType } from '@gw/shared';
import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** A file of a user's library (spec 3 §3 User file), with the text fields parsed from it. */
@Entity('user_files')
export class UserFileEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  /** A workflow project (no foreign key); null for none. */
  @Column({ type: 'integer', nullable: true })
  app_id: number | null;

  /** The name the user's file had. */
  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 16 })
  file_type: UserFileType;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  file_size: number;

  /** The storage key (StorageService); several registrations of one upload share it. */
  @Column({ type: 'varchar', length: 500 })
  key: string;

  @Column({ type: 'varchar', length: 1000 })
  url: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  fields: string[];

  @Column({ type: 'integer', default: 0 })
  row_count: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;
}

/** Who stored which object through `uploadToOss`: only they may register it. */
@Entity('user_file_uploads')
export class UserFileUploadEntity {
  @PrimaryColumn({ type: 'varchar', length: 500 })
  key: string;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 255 })
  file_name: string;

  @Column({ type: 'varchar', length: 16 })
  file_type: UserFileType;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  file_size: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;
}
