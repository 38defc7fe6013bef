import { Body, Controller, Param, Post } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { IdPipe } from '../common/int-range';
import { MSG_CHANNEL_NOT_FOUND } from '../channels/channel-rules';
import type { UserEntity } from '../users/user.entity';
import { TestModelsDto } from './dto/test-models.dto';
import { type ModelTestRow, ModelTestService } from './model-tests.service';

/** 测试全部模型 of the channel list (issue 29): a POST under api/channel with no `:id` sibling to collide with. */
@Controller('api/channel')
@Access('admin')
export class ModelTestsController {
  constructor(private readonly tests: ModelTestService) {}

  @Post('test_models/:id')
  testAll(@Param('id', new IdPipe(MSG_CHANNEL_NOT_FOUND)) id: number, @Body() dto: TestModelsDto, @CurrentUser() user: UserEntity): Promise<ModelTestRow[]> {
    return this.tests.testAll(id, { id: user.id, username: user.username }, dto.models);
  }
}
