import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ImportFormat, ImportMode, ImportRowError, ImportStatus } from '@gw/shared';
import { bigintToNumber } from '../common/bigint.transformer';

/** One import of a file into a dataset, with its progress (ImportView in @gw/shared). */
@Entity('data_imports')
export class DataImportEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  dataset_id: number;

  /** The root user who started it. */
  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 255 })
  file_name: string;

  /** The uploaded file in storage; deleted when the import ends. */
  @Column({ type: 'varchar', length: 500 })
  file_key: string;

  @Column({ type: 'varchar', length: 16 })
  format: ImportFormat;

  @Column({ type: 'varchar', length: 16 })
  mode: ImportMode;

  @Column({ type: 'varchar', length: 16, default: 'queued' })
  status: ImportStatus;

  @Column({ type: 'boolean', default: false })
  cancel_requested: boolean;

  @Column({ type: 'bigint', transformer: bigintToNumber, default: 0 })
  bytes_total: number;

  @Column({ type: 'bigint', transformer: bigintToNumber, default: 0 })
  bytes_read: number;

  @Column({ type: 'bigint', transformer: bigintToNumber, default: 0 })
  rows_done: number;

  @Column({ type: 'bigint', transformer: bigintToNumber, default: 0 })
  rows_failed: number;

  /** Bytes of the imported records' bodies, added to the dataset's data_size when done. */
  @Column({ type: 'bigint', transformer: bigintToNumber, default: 0 })
  size_done: number;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  errors: ImportRowError[];

  @Column({ type: 'text', default: '' })
  message: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;

  @Column({ type: 'bigint', transformer: bigintToNumber, default: 0 })
  started_at: number;

  @Column({ type: 'bigint', transformer: bigintToNumber, default: 0 })
  finished_at: number;
}
