import { Controller, Get, Param } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Access } from '../auth/access.decorator';
import { BusinessError } from '../common/business.error';
import { IdPipe } from '../common/int-range';
import { nowSeconds } from '../common/time';
import { ChannelLimiter } from './channel-limiter.service';
import { parseRequestLimits, type RequestUsage } from './request-limits';

/**
 * `GET /api/channel/monitor/:id`: a channel's current use per window (spec 2 §7). Channels with
 * request limits are counted by the limiter, which is what the relay enforces; for the others
 * the figures come from the usage logs (consumption rows), so that every channel shows its use
 * without the relay counting requests it never limits.
 */
@Controller('api/channel/monitor')
@Access('admin')
export class ChannelMonitorController {
  constructor(
    private readonly limiter: ChannelLimiter,
    private readonly dataSource: DataSource,
  ) {}

  @Get(':id')
  async usage(@Param('id', new IdPipe('渠道不存在')) id: number): Promise<RequestUsage> {
    const [channel]: Array<{ model_req_limit: string }> = await this.dataSource.query('SELECT model_req_limit FROM channels WHERE id = $1', [id]);
    if (!channel) throw new BusinessError('渠道不存在');
    if (parseRequestLimits(channel.model_req_limit)) return this.limiter.usage(id);
    const now = nowSeconds();
    const [row]: Array<Record<keyof RequestUsage, string | null>> = await this.dataSource.query(
      `SELECT count(*) FILTER (WHERE created_at > $2 - 60) AS rpm, count(*) AS rpd,
              sum(prompt_tokens + completion_tokens) FILTER (WHERE created_at > $2 - 60) AS tpm, sum(prompt_tokens + completion_tokens) AS tpd
         FROM logs WHERE type = 2 AND created_at > $2 - 86400 AND channel = $1`,
      [id, now],
    );
    return { rpm: Number(row.rpm), rpd: Number(row.rpd), tpm: Number(row.tpm ?? 0) / 1000, tpd: Number(row.tpd ?? 0) / 1000 };
  }
}
