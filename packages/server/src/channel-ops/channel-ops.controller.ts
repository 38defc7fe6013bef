import { Controller, Get, Param, Query } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { Outcome, WithMessage } from '../common/envelope.interceptor';
import { IdPipe } from '../common/int-range';
import { MSG_CHANNEL_NOT_FOUND } from '../channels/channel-rules';
import type { UserEntity } from '../users/user.entity';
import { type BalanceView, ChannelBalanceService } from './channel-balance.service';
import { ChannelBalanceJob } from './channel-balance.job';
import { type ChannelTestOutcome, ChannelTestService } from './channel-test.service';
import { ChannelTestJob } from './channel-test.job';
import { TestChannelQuery } from './dto/test-channel.query';

/**
 * Channel tests and balances (spec 2 §7 Channels). These paths sit under api/channel beside
 * ChannelsController, whose GET ':id' would take "test" and "update_balance" for an id: AppModule
 * imports this module before any module that brings in ChannelsModule, so that these routes are
 * registered first (channel-ops-routes.spec.ts checks it).
 */
@Controller('api/channel')
@Access('admin')
export class ChannelOpsController {
  constructor(
    private readonly tests: ChannelTestService,
    private readonly testJob: ChannelTestJob,
    private readonly balances: ChannelBalanceService,
    private readonly balanceJob: ChannelBalanceJob,
  ) {}

  @Get('test')
  async testAll(@CurrentUser() user: UserEntity): Promise<WithMessage<null>> {
    await this.testJob.testAll({ id: user.id, username: user.username });
    return new WithMessage('已开始测试所有渠道，请稍后刷新查看结果');
  }

  /** The console reads `time` (seconds) at the top level. */
  @Get('test/:id')
  async test(@Param('id', new IdPipe(MSG_CHANNEL_NOT_FOUND)) id: number, @Query() query: TestChannelQuery, @CurrentUser() user: UserEntity): Promise<Outcome<ChannelTestOutcome>> {
    const outcome = await this.tests.test(id, query.model, { id: user.id, username: user.username }, query.key_id);
    return new Outcome(outcome.success, outcome.message, { time: outcome.time }, outcome);
  }

  @Get('update_balance')
  async refreshAll(): Promise<WithMessage<null>> {
    await this.balanceJob.refreshAll();
    return new WithMessage('已开始更新所有已启用渠道的余额，请稍后刷新查看结果');
  }

  /** The console reads `balance` at the top level. */
  @Get('update_balance/:id')
  async refresh(@Param('id', new IdPipe(MSG_CHANNEL_NOT_FOUND)) id: number): Promise<Outcome<BalanceView>> {
    const view = await this.balances.refresh(id);
    return new Outcome(true, '', { balance: view.balance }, view);
  }
}
