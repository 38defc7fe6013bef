import { Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { ChannelMarginPage, StatisticsInstance, StatisticsPage, StatisticsRow, StatisticsTokenRow, StatisticsUserRow } from '@gw/shared';
import type { Response } from 'express';
import { Access } from '../auth/access.decorator';
import { ChannelMarginQueryDto } from './channel-margin/channel-margin.query';
import { ChannelMarginService } from './channel-margin/channel-margin.service';
import { StatisticsFilterQuery, StatisticsPageQuery } from './dto/statistics-query.dto';
import type { RollupProgress } from './rollups/usage-rollup.service';
import { UsageRollupService } from './rollups/usage-rollup.service';
import { StatisticsExport } from './statistics-export';
import { StatisticsService } from './statistics.service';

/** The statistics page (spec 2 §7 Statistics): administrators only. */
@Controller('api/statistics')
@Access('admin')
export class StatisticsController {
  constructor(
    private readonly statistics: StatisticsService,
    private readonly exporter: StatisticsExport,
    private readonly rollups: UsageRollupService,
    private readonly margins: ChannelMarginService,
  ) {}

  @Get()
  detail(@Query() query: StatisticsPageQuery): Promise<StatisticsPage<StatisticsRow>> {
    return this.statistics.detail(query);
  }

  @Get('groupByUserPage')
  byUser(@Query() query: StatisticsPageQuery): Promise<StatisticsPage<StatisticsUserRow>> {
    return this.statistics.byUser(query);
  }

  @Get('groupByTokenPage')
  byToken(@Query() query: StatisticsPageQuery): Promise<StatisticsPage<StatisticsTokenRow>> {
    return this.statistics.byToken(query);
  }

  /** Revenue, cost and margin per channel, model or channel × model (issue 29). */
  @Get('channel-margin')
  channelMargin(@Query() query: ChannelMarginQueryDto): Promise<ChannelMarginPage> {
    return this.margins.margins(query);
  }

  @Get('instances')
  instances(): Promise<StatisticsInstance[]> {
    return this.statistics.instances();
  }

  /** Rolls up every log written so far now, rather than at the next `usage-rollup` run. */
  @Post('refresh')
  @HttpCode(200)
  async refresh(): Promise<RollupProgress> {
    await this.rollups.catchUp();
    return this.rollups.progress();
  }

  @Get('export')
  exportDetail(@Query() query: StatisticsFilterQuery, @Res() response: Response): Promise<void> {
    return this.exporter.write('detail', query, response);
  }

  @Get('exportUser')
  exportUser(@Query() query: StatisticsFilterQuery, @Res() response: Response): Promise<void> {
    return this.exporter.write('user', query, response);
  }

  @Get('exportToken')
  exportToken(@Query() query: StatisticsFilterQuery, @Res() response: Response): Promise<void> {
    return this.exporter.write('token', query, response);
  }
}
