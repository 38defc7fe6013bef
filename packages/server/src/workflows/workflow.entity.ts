import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** The version the editor loads and saves; runs will freeze it into numbered versions. */
export const DRAFT_VERSION = 'draft';

/** One version of a project's workflow (spec 3 §3 Workflow; migration 1765166400000). JSON fields are kept as the text saved. */
@Entity('workflows')
export class WorkflowEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  app_id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 32 })
  version: string;

  @Column({ type: 'varchar', length: 16 })
  type: string;

  @Column({ type: 'text' })
  graph: string;

  @Column({ type: 'text', default: '' })
  features: string;

  @Column({ type: 'text', default: '' })
  conversation_variables: string;

  @Column({ type: 'text', default: '' })
  environment_variables: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  updated_at: number;
}
