import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** One stored option; keys that were never saved take their default from OPTION_DEFINITIONS. */
@Entity('options')
export class OptionEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  /** Secret options hold a SecretBox-sealed value. */
  @Column({ type: 'text' })
  value: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  updated_at: number;
}
