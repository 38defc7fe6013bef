import { Body, Controller, Delete, Get, Param, Post, Put, Query } from '@nestjs/common';
import { AuditActor, Auditor } from '../audit/audit-actor';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { IdPipe } from '../common/int-range';
import { createValidationPipe } from '../common/validation.pipe';
import type { UserEntity } from '../users/user.entity';
import { CreateRedemptionDto } from './dto/create-redemption.dto';
import { ListRedemptionsQuery, SearchRedemptionsQuery } from './dto/list-redemptions.query';
import { MSG_REDEMPTION_NOT_FOUND } from './dto/redemption-fields.rules';
import { UpdateRedemptionStatusDto } from './dto/update-redemption-status.dto';
import { UpdateRedemptionDto } from './dto/update-redemption.dto';
import type { RedemptionPage, RedemptionView } from './redemption.view';
import { RedemptionsService } from './redemptions.service';

/** The body of `PUT /api/redemption/` is one of two DTOs, chosen by `status_only`; both go through the global rules. */
const bodyPipe = createValidationPipe();

/** Redemption codes (admin, role ≥ 10; docs/console-api.md "Redemption codes"). */
@Controller('api/redemption')
@Access('admin')
export class RedemptionsController {
  constructor(private readonly codes: RedemptionsService) {}

  @Get()
  list(@Query() query: ListRedemptionsQuery): Promise<RedemptionPage> {
    return this.codes.list(query);
  }

  @Get('search')
  search(@Query() query: SearchRedemptionsQuery): Promise<RedemptionPage> {
    return this.codes.search(query);
  }

  @Get(':id')
  get(@Param('id', new IdPipe(MSG_REDEMPTION_NOT_FOUND)) id: number): Promise<RedemptionView> {
    return this.codes.get(id);
  }

  @Post()
  create(@CurrentUser() user: UserEntity, @Auditor() auditor: AuditActor, @Body() dto: CreateRedemptionDto): Promise<string[]> {
    return this.codes.create(user, dto, auditor);
  }

  @Put()
  async update(@Auditor() auditor: AuditActor, @Query('status_only') statusOnly: unknown, @Body() body: unknown): Promise<RedemptionView> {
    if (statusOnly === 'true') {
      const dto: UpdateRedemptionStatusDto = await bodyPipe.transform(body, { type: 'body', metatype: UpdateRedemptionStatusDto });
      return this.codes.updateStatus(dto, auditor);
    }
    const dto: UpdateRedemptionDto = await bodyPipe.transform(body, { type: 'body', metatype: UpdateRedemptionDto });
    return this.codes.update(dto, auditor);
  }

  @Delete(':id')
  async remove(@Auditor() auditor: AuditActor, @Param('id', new IdPipe(MSG_REDEMPTION_NOT_FOUND)) id: number): Promise<null> {
    await this.codes.remove(id, auditor);
    return null;
  }
}
