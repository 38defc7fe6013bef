import { IsTokenId } from './token-id.rules';
import { TokenFieldsDto } from './token-fields.dto';

/** `PUT /api/token/`: the token's id and its fields; fields left out keep their stored value. */
export class UpdateTokenDto extends TokenFieldsDto {
  @IsTokenId()
  id: number;
}
