import { MSG_PLAN_DELETED, MSG_PLAN_NOT_FOUND, MSG_PLAN_SAVED, type PlanView } from '@gw/shared';
import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { AuditActor, Auditor } from '../audit/audit-actor';
import { Access } from '../auth/access.decorator';
import { WithMessage } from '../common/envelope.interceptor';
import { IdPipe } from '../common/int-range';
import { PlanDto, PlanStatusDto } from './dto/plan.dto';
import { PlansService } from './plans.service';

const PlanId = () => Param('id', new IdPipe(MSG_PLAN_NOT_FOUND));

/** Subscription plans (issue 34): on sale for signed-in users; managed by super administrators (套餐管理). */
@Controller('api/subscription')
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @Get('plans')
  @Access('user')
  onSale(): Promise<PlanView[]> {
    return this.plans.onSale();
  }

  @Get('plan')
  @Access('root')
  list(): Promise<PlanView[]> {
    return this.plans.list();
  }

  @Post('plan')
  @Access('root')
  async create(@Auditor() auditor: AuditActor, @Body() dto: PlanDto): Promise<WithMessage<PlanView>> {
    return new WithMessage(MSG_PLAN_SAVED, await this.plans.create(dto, auditor));
  }

  @Put('plan/:id')
  @Access('root')
  async update(@Auditor() auditor: AuditActor, @PlanId() id: number, @Body() dto: PlanDto): Promise<WithMessage<PlanView>> {
    return new WithMessage(MSG_PLAN_SAVED, await this.plans.update(id, dto, auditor));
  }

  @Put('plan/:id/status')
  @Access('root')
  async setStatus(@Auditor() auditor: AuditActor, @PlanId() id: number, @Body() dto: PlanStatusDto): Promise<WithMessage<PlanView>> {
    return new WithMessage(MSG_PLAN_SAVED, await this.plans.setEnabled(id, dto.enabled, auditor));
  }

  @Delete('plan/:id')
  @Access('root')
  async remove(@Auditor() auditor: AuditActor, @PlanId() id: number): Promise<WithMessage<null>> {
    await this.plans.remove(id, auditor);
    return new WithMessage(MSG_PLAN_DELETED);
  }
}
