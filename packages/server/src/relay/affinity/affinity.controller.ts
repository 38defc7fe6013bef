import { Body, Controller, Get, Post } from '@nestjs/common';
import { Access } from '../../auth/access.decorator';
import { ChannelAffinity } from './channel-affinity.service';
import { ClearAffinityDto } from './clear-affinity.dto';

/** The sessions bound to channels by sticky routing (DESIGN.md §5.9; docs/console-api.md "Channels"). */
@Controller('api/channel/affinity')
@Access('admin')
export class AffinityController {
  constructor(private readonly affinity: ChannelAffinity) {}

  /** `{ [channelId]: bound sessions }`, channels with none left out. */
  @Get('counts')
  counts(): Promise<Record<number, number>> {
    return this.affinity.counts();
  }

  /** 清除绑定: the number of sessions dropped. */
  @Post('clear')
  clear(@Body() dto: ClearAffinityDto): Promise<number> {
    return this.affinity.clear(dto.channel_id);
  }
}
