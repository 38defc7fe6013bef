import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** A dataset of the data market (spec 3 §3 Dataset); data_num and data_size are kept by the server. */
@Entity('data_library_info')
export class DatasetEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  tag: string;

  /** Comma-separated DATA_TYPES. */
  @Column({ type: 'varchar', length: 200 })
  data_type: string;

  /** JSON text of a DataFormat. */
  @Column({ type: 'text', default: '{}' })
  data_format: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  image_field: string;

  /** JSON text of a ReadmeDoc, or plain text. */
  @Column({ type: 'text', default: '' })
  readme: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  factory: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  cover_page: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  cloud_path: string;

  @Column({ type: 'bigint', transformer: bigintToNumber, default: 0 })
  data_num: number;

  @Column({ type: 'bigint', transformer: bigintToNumber, default: 0 })
  data_size: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  data_update_time: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;
}
