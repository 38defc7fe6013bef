import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, FindOptionsWhere, Repository } from 'typeorm';
import { CUSTOMER_CONNECT_STATUS } from '@gw/shared';
import { BusinessError } from '../common/business.error';
import { PAGE_SIZE_DEFAULT } from '../common/paging';
import { nowSeconds } from '../common/time';
import { CustomerConnectEntity } from './customer-connect.entity';
import type { ListCustomerConnectsDto } from './dto/list-customer-connects.dto';
import type { SubmitCustomerConnectDto } from './dto/submit-customer-connect.dto';
import { MSG_CONTACT_NOT_FOUND, type UpdateCustomerConnectStatusDto } from './dto/update-customer-connect-status.dto';

/**
 * The list reply of spec 2 §7, which the page reads as `data.data.list` and `data.total`: the rows
 * one level down, the total beside them.
 */
export interface CustomerConnectPage {
  data: { list: CustomerConnectEntity[] };
  total: number;
  page: number;
  page_size: number;
}

@Injectable()
export class CustomerConnectService {
  constructor(@InjectRepository(CustomerConnectEntity) private readonly contacts: Repository<CustomerConnectEntity>) {}

  /** A visitor's request: stored pending, stamped with the submission time. */
  async submit(dto: SubmitCustomerConnectDto): Promise<void> {
    await this.contacts.insert({
      name: dto.name,
      phone: dto.phone,
      company: dto.company,
      remark: dto.remark,
      status: CUSTOMER_CONNECT_STATUS.PENDING,
      updated_at: nowSeconds(),
    });
  }

  async list(query: ListCustomerConnectsDto): Promise<CustomerConnectPage> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? PAGE_SIZE_DEFAULT;
    const where: FindOptionsWhere<CustomerConnectEntity> = {};
    if (query.status !== undefined) where.status = query.status as CustomerConnectEntity['status'];
    if (query.dateRange) {
      const [start, end] = query.dateRange;
      if (start > end) throw new BusinessError('开始时间不能晚于结束时间');
      where.updated_at = Between(start, end);
    }
    const [list, total] = await this.contacts.findAndCount({
      where,
      order: { updated_at: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return { data: { list }, total, page, page_size: pageSize };
  }

  /** Any status may follow any other (spec 2 §4 shows no transition rule); the submission time stays. */
  async updateStatus(dto: UpdateCustomerConnectStatusDto): Promise<CustomerConnectEntity> {
    const result = await this.contacts.update({ id: dto.id }, { status: dto.status });
    if (!result.affected) throw new BusinessError(MSG_CONTACT_NOT_FOUND);
    return this.contacts.findOneByOrFail({ id: dto.id });
  }
}
