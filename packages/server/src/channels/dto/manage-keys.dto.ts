import { Type } from 'class-transformer';
import { IsDefined, IsIn, IsOptional } from 'class-validator';
import { CHANNEL_KEY_STATUS } from '@gw/shared';
import { IsId } from '../../common/int-range';
import { IsNumberedPage, IsNumberedPageSize } from '../../common/paging';
import { MSG_CHANNEL_NOT_FOUND } from '../channel-rules';
import { KEY_ACTIONS, type KeyAction, MSG_KEY_ACTION, MSG_KEY_NOT_FOUND } from '../multi-key-rules';

/** Most keys one page of get_key_status lists. */
export const KEY_PAGE_SIZE_MAX = 100;

/** POST /api/channel/multi_key/manage. */
export class ManageKeysDto {
  @IsDefined({ message: '请指定渠道（channel_id）' })
  @Type(() => Number)
  @IsId(MSG_CHANNEL_NOT_FOUND)
  channel_id: number;

  @IsDefined({ message: MSG_KEY_ACTION })
  @IsIn(KEY_ACTIONS, { message: MSG_KEY_ACTION })
  action: KeyAction;

  /** The key of enable_key, disable_key and delete_key. */
  @IsOptional()
  @Type(() => Number)
  @IsId(MSG_KEY_NOT_FOUND)
  key_id?: number;

  /** get_key_status: from 1. */
  @IsNumberedPage()
  page?: number;

  /** get_key_status: 50 unless given. */
  @IsNumberedPageSize(KEY_PAGE_SIZE_MAX)
  page_size?: number;

  /** get_key_status: only the keys in this status. */
  @IsOptional()
  @Type(() => Number)
  @IsIn(Object.values(CHANNEL_KEY_STATUS), { message: '密钥状态只能是 1（启用）、2（手动禁用）或 3（自动禁用）' })
  status?: number;
}
