import { Controller, Get, Query } from '@nestjs/common';
import type { AuditLogPage } from '@gw/shared';
import { Access } from '../auth/access.decorator';
import { BusinessError } from '../common/business.error';
import { requestedPage } from '../common/paging';
import { AuditLog } from './audit-log.service';
import { ListAuditQuery } from './dto/list-audit.query';

/**
 * The audit log for super administrators (issue 31). Read only: the product has no route that
 * changes or deletes an audit row.
 */
@Controller('api/audit')
@Access('root')
export class AuditController {
  constructor(private readonly audit: AuditLog) {}

  @Get()
  list(@Query() query: ListAuditQuery): Promise<AuditLogPage> {
    if (query.start_timestamp && query.end_timestamp && query.start_timestamp > query.end_timestamp) {
      throw new BusinessError('起始时间不能晚于结束时间');
    }
    const { page, size } = requestedPage(query);
    return this.audit.list(query, page, size);
  }
}
