import { Injectable, PipeTransform } from '@nestjs/common';
import { BusinessError } from '../common/business.error';
import { MSG_TOKEN_NOT_FOUND, TOKEN_ID_MAX } from './dto/token-id.rules';

/** The `:id` of a token route: a positive integer the id column can hold, or "no such token". */
@Injectable()
export class TokenIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : 0;
    if (id < 1 || id > TOKEN_ID_MAX) throw new BusinessError(MSG_TOKEN_NOT_FOUND);
    return id;
  }
}
