import { Injectable, type PipeTransform } from '@nestjs/common';
import { createValidationPipe } from '../../common/validation.pipe';
import { CreateConversationsDto, type NewConversationList } from './conversation.dto';

/**
 * The chat pages send the new columns as a bare JSON array; `{ list: [...] }` is accepted too.
 * Either way the list is checked as CreateConversationsDto by the global pipe's rules (a bare
 * array would escape them: Nest validates classes, not arrays).
 */
@Injectable()
export class ConversationListPipe implements PipeTransform<unknown, Promise<NewConversationList>> {
  private readonly validation = createValidationPipe();

  async transform(body: unknown): Promise<NewConversationList> {
    const wrapped = Array.isArray(body) ? { list: body } : body;
    return (await this.validation.transform(wrapped ?? {}, { type: 'body', metatype: CreateConversationsDto })) as CreateConversationsDto;
  }
}
