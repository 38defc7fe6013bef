import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { WithMessage } from '../common/envelope.interceptor';
import { IdPipe } from '../common/int-range';
import { MSG_CHANNEL_NOT_FOUND } from './channel-rules';
import { SetModelEnabledDto } from './dto/set-model-enabled.dto';
import { type ModelState, ModelStatusService } from './model-status.service';

/**
 * The models of one channel and their status there (issue 29, model-level health). Two-segment
 * GET and POST paths: ChannelsController's `GET :id` cannot take them, whatever the module order.
 */
@Controller('api/channel')
@Access('admin')
export class ModelStatusController {
  constructor(private readonly models: ModelStatusService) {}

  @Get('model_states/:id')
  states(@Param('id', new IdPipe(MSG_CHANNEL_NOT_FOUND)) id: number): Promise<ModelState[]> {
    return this.models.states(id);
  }

  @Post('ability')
  async setEnabled(@Body() dto: SetModelEnabledDto): Promise<WithMessage<null>> {
    await this.models.setByAdmin(dto.channel_id, dto.model, dto.enabled);
    return new WithMessage(dto.enabled ? `已在该渠道启用模型 ${dto.model}` : `已在该渠道禁用模型 ${dto.model}`);
  }
}
