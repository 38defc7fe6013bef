import { IsOptional, IsString, MaxLength } from 'class-validator';

export class TestChannelQuery {
  /** The model to test with; else the channel's test_model, else its first model. */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  model?: string;
}
