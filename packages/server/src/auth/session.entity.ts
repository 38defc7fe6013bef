import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintToNumber } from '../common/bigint.transformer';

/** A signed-in browser. Only a hash of the session id is stored, so a database leak opens no session. */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id_hash: string;

  @Column({ type: 'integer' })
  user_id: number;

  @Column({ type: 'varchar', length: 64 })
  ip: string;

  @Column({ type: 'varchar', length: 255 })
  user_agent: string;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  created_at: number;

  @Column({ type: 'bigint', transformer: bigintToNumber })
  expires_at: number;

  /** The last request seen, moved with the idle end (a write every few minutes, not per request). */
  @Column({ type: 'bigint', transformer: bigintToNumber })
  last_seen_at: number;

  /** Names the session to browsers (signed-in devices); random, unrelated to the session's secret. */
  @Column({ type: 'varchar', length: 32, unique: true })
  public_id: string;
}
