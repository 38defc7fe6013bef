import { Body, Controller, Post, Put, Query } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { MSG_CONTACT_SUBMITTED } from '@gw/shared';
import { Access } from '../auth/access.decorator';
import { WithMessage } from '../common/envelope.interceptor';
import { STRICT_THROTTLE } from '../common/throttle';
import { CustomerConnectEntity } from './customer-connect.entity';
import { CustomerConnectPage, CustomerConnectService } from './customer-connect.service';
import { ListCustomerConnectsDto } from './dto/list-customer-connects.dto';
import { SubmitCustomerConnectDto } from './dto/submit-customer-connect.dto';
import { UpdateCustomerConnectStatusDto } from './dto/update-customer-connect-status.dto';

/** Customer contact requests: visitors submit them, administrators list and work through them. */
@Controller('api/customer_connect')
@Access('admin')
export class CustomerConnectController {
  constructor(private readonly contacts: CustomerConnectService) {}

  // Anyone may ask, so every address gets the sign-in limit: a script cannot fill the list.
  @Post()
  @Access('public')
  @Throttle(STRICT_THROTTLE)
  async submit(@Body() dto: SubmitCustomerConnectDto): Promise<WithMessage<null>> {
    await this.contacts.submit(dto);
    return new WithMessage(MSG_CONTACT_SUBMITTED);
  }

  /** Spec 2 §7 names the parameters without saying where: the query string and the body both work, the body winning. */
  @Post('admin')
  list(@Query() query: ListCustomerConnectsDto, @Body() body: ListCustomerConnectsDto): Promise<CustomerConnectPage> {
    const fromBody = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    return this.contacts.list({ ...query, ...fromBody });
  }

  @Put('admin/status')
  async updateStatus(@Body() dto: UpdateCustomerConnectStatusDto): Promise<WithMessage<CustomerConnectEntity>> {
    return new WithMessage('状态更新成功', await this.contacts.updateStatus(dto));
  }
}
