import { Injectable, PipeTransform } from '@nestjs/common';
import { MSG_SESSION_NOT_FOUND, SESSION_PUBLIC_ID_PATTERN } from '@gw/shared';
import { BusinessError } from '../common/business.error';

/** The `:id` of a session in a path: a public id's shape, or "not found" (a NUL byte, a quote, a long string name no session). */
@Injectable()
export class SessionIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (typeof value !== 'string' || !SESSION_PUBLIC_ID_PATTERN.test(value)) throw new BusinessError(MSG_SESSION_NOT_FOUND);
    return value;
  }
}
