import { IsIn } from 'class-validator';
import { IsId } from '../../common/int-range';
import { MSG_USER_NOT_FOUND } from './update-user.dto';

export const MANAGE_ACTIONS = ['promote', 'demote', 'disable', 'enable', 'delete'] as const;
export type ManageAction = (typeof MANAGE_ACTIONS)[number];

/** `POST /api/user/manage` (spec 2 §7). */
export class ManageUserDto {
  @IsId(MSG_USER_NOT_FOUND)
  id: number;

  @IsIn(MANAGE_ACTIONS, { message: '无效的操作' })
  action: ManageAction;
}
