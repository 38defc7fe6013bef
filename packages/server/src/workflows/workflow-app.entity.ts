import type { WorkflowEdge, WorkflowNode } from '@gw/shared';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** A workflow project of a user (spec 3 §3 Project / app; migration 1765166400000). */
@Entity('workflow_apps')
export class WorkflowAppEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  @Column({ type: 'varchar', length: 2000, default: '' })
  description: string;

  @Column({ type: 'varchar', length: 16 })
  status: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  author: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  create_by_str: string;

  /** The nodes and edges the project was created with: the editor's fallback when it has no workflow. */
  @Column({ type: 'jsonb' })
  nodes: WorkflowNode[];

  @Column({ type: 'jsonb' })
  edges: WorkflowEdge[];

  @Column({ type: 'boolean', default: false })
  has_run: boolean;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  updated_at: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  open_time: number;
}
