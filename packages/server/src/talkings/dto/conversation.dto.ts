import { CHAT_MAX_MODELS, CONVERSATION_HISTORY_LIMIT_MAX, MSG_CHAT_MODEL_REQUIRED, MSG_CHAT_TOO_MANY_MODELS, MSG_TALKING_NOT_FOUND } from '@gw/shared';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject, ValidateNested } from 'class-validator';
import { IsId } from '../../common/int-range';
import { IsModelName, IsQueryInt } from './chat-fields.rules';

/** `GET /relay/v1/conversation/?talking_id=`. */
export class ListConversationsQuery {
  @Type(() => Number)
  @IsId(MSG_TALKING_NOT_FOUND)
  talking_id: number;
}

/** One model column to open in a talking. */
export class NewConversationDto {
  @IsId(MSG_TALKING_NOT_FOUND)
  talking_id: number;

  @IsModelName()
  model_name: string;
}

/** `POST /relay/v1/conversation/`: the body is the list itself (or `{ list }`), see ConversationListPipe. */
export class CreateConversationsDto {
  @IsArray({ message: MSG_CHAT_MODEL_REQUIRED })
  @ArrayMinSize(1, { message: MSG_CHAT_MODEL_REQUIRED })
  @ArrayMaxSize(CHAT_MAX_MODELS, { message: MSG_CHAT_TOO_MANY_MODELS })
  @IsObject({ each: true, message: MSG_CHAT_MODEL_REQUIRED })
  @ValidateNested({ each: true })
  @Type(() => NewConversationDto)
  list: NewConversationDto[];
}

/** What ConversationListPipe gives the controller: an interface, so the global pipe does not validate it again. */
export interface NewConversationList {
  list: NewConversationDto[];
}

/** `PUT /relay/v1/conversation/:id`: switch the column's model. */
export class SwitchModelDto {
  @IsModelName()
  model_name: string;
}

/** `GET /relay/v1/conversation/:id?limit=&updated_time=`. */
export class ConversationHistoryQuery {
  @IsQueryInt(`每次加载的轮数必须在 1 到 ${CONVERSATION_HISTORY_LIMIT_MAX} 之间`, 1, CONVERSATION_HISTORY_LIMIT_MAX)
  limit?: number;

  /** The `next_cursor` of the previous page: a message id. */
  @IsQueryInt('加载位置无效', 1, Number.MAX_SAFE_INTEGER)
  updated_time?: number;
}
