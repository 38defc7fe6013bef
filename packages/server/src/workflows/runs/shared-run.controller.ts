import type { SharedRun, WorkflowRunDetail } from '@gw/shared';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { Throttle } from '@nestjs/throttler';
import { Access } from '../../auth/access.decorator';
import { SharedSamplesQuery } from './dto/shared-run.dto';
import { RunShares } from './run-shares';

/** Per client address and minute: a reader pages through a run; a script cannot walk token space or scrape at line speed. */
const SHARE_THROTTLE = { default: { limit: 60, ttl: 60_000 } };

/**
 * A shared run, read-only and without sign-in (issue 30): the run and its summary, and its samples
 * a page at a time. Each call takes the token alone, so a link opens its own run and nothing else;
 * a revoked, unknown or malformed token answers 分享链接无效或已失效.
 */
@Controller('api/share/run')
@Access('public')
@Throttle(SHARE_THROTTLE)
export class SharedRunController {
  constructor(private readonly shares: RunShares) {}

  @Get(':token')
  run(@Param('token') token: string): Promise<SharedRun> {
    return this.shares.summary(token);
  }

  @Get(':token/samples')
  samples(@Param('token') token: string, @Query() query: SharedSamplesQuery): Promise<WorkflowRunDetail> {
    return this.shares.samples(token, query);
  }
}
