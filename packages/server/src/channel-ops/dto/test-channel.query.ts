import { Type } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsId } from '../../common/int-range';
import { MSG_KEY_NOT_FOUND } from '../../channels/multi-key-rules';

export class TestChannelQuery {
  /** The model to test with; else the channel's test_model, else its first model. */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  model?: string;

  /** A key of a multi-key channel; else its first enabled key. */
  @IsOptional()
  @Type(() => Number)
  @IsId(MSG_KEY_NOT_FOUND)
  key_id?: number;
}
