import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/**
 * A record of a dataset (spec 3 §3 Dataset source record). `import_id` names the import that wrote
 * it (null for records shipped or created otherwise); such a record is visible only once its import
 * is done (migration 1764993600000).
 */
@Entity('data_library_source')
export class SourceRecordEntity {
  // PrimaryColumn with generated: PrimaryGeneratedColumn's types leave out the transformer.
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintToNumber })
  id: number;

  @Column({ type: 'integer' })
  belong_id: number;

  @Column({ type: 'integer', nullable: true })
  import_id: number | null;

  /** The record as JSON text. */
  @Column({ type: 'text' })
  body: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  tag: string;
}
