import { Body, Controller, Post } from '@nestjs/common';
import { AuditActor, Auditor } from '../audit/audit-actor';
import { Access } from '../auth/access.decorator';
import { ChannelKeysService, type KeyStatusPage } from '../channels/channel-keys.service';
import { ManageKeysDto } from '../channels/dto/manage-keys.dto';
import { KeyRetestService, type RetestResult } from './key-retest.service';

/**
 * The keys of multi-key channels (issue 29). Here rather than beside ChannelsController because a
 * retest is a channel test, which lives in this module; POST routes, which no ':id' route of
 * ChannelsController can take.
 */
@Controller('api/channel/multi_key')
@Access('admin')
export class MultiKeyController {
  constructor(
    private readonly keys: ChannelKeysService,
    private readonly retests: KeyRetestService,
  ) {}

  @Post('manage')
  manage(@Auditor() actor: AuditActor, @Body() dto: ManageKeysDto): Promise<KeyStatusPage | RetestResult | { affected: number } | null> {
    switch (dto.action) {
      case 'get_key_status':
        return this.keys.keyStatus(dto);
      case 'retest_disabled_keys':
        return this.retests.retestChannel(dto.channel_id);
      default:
        return this.keys.change({ ...dto, action: dto.action }, actor);
    }
  }

  @Post('retest')
  retestAll(): Promise<RetestResult & { channels: number }> {
    return this.retests.retestAll();
  }
}
