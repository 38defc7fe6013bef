import type { ModelParams } from '@gw/shared';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** A user's saved parameters for one model (GET/POST /v1/models/model_config). */
@Entity('user_model_configs')
export class UserModelConfigEntity {
  @PrimaryColumn({ type: 'integer' })
  user_id: number;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  model_name: string;

  @Column({ type: 'jsonb' })
  config: ModelParams;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  updated_at: number;
}
