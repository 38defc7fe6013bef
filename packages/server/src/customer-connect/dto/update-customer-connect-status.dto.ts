import { IsIn } from 'class-validator';
import { CUSTOMER_CONNECT_STATUS, type CustomerConnectStatus } from '@gw/shared';
import { IsId } from '../../common/int-range';
import { MSG_BAD_STATUS } from './list-customer-connects.dto';

export const MSG_CONTACT_NOT_FOUND = '联系记录不存在';

/** `PUT /api/customer_connect/admin/status`: any status of spec 2 §4 (0 to 3), in any order. */
export class UpdateCustomerConnectStatusDto {
  @IsId(MSG_CONTACT_NOT_FOUND)
  id: number;

  @IsIn(Object.values(CUSTOMER_CONNECT_STATUS), { message: MSG_BAD_STATUS })
  status: CustomerConnectStatus;
}
