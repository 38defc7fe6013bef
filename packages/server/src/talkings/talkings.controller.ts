import { type ChatPage, MSG_CHAT_DELETED, MSG_CHAT_RENAMED, MSG_TALKING_NOT_FOUND, type TalkingDetail, type TalkingView } from '@gw/shared';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { Reply } from '../common/envelope.interceptor';
import { IdPipe } from '../common/int-range';
import type { UserEntity } from '../users/user.entity';
import { ok } from './chat-reply';
import { CreateTalkingDto, ExportTalkingQuery, ListTalkingsQuery, RenameTalkingDto } from './dto/talking.dto';
import { exportDisposition, talkingExportFile } from './talking-export';
import { TalkingsService } from './talkings.service';

const TalkingId = () => Param('id', new IdPipe(MSG_TALKING_NOT_FOUND));

/** The user's compare chats (spec 3 §8 Chat). Uploads are ChatUploadsController's, under the same path. */
@Controller('relay/v1/talking')
@Access('user')
export class TalkingsController {
  constructor(private readonly talkings: TalkingsService) {}

  @Get()
  async list(@CurrentUser() user: UserEntity, @Query() query: ListTalkingsQuery): Promise<Reply<ChatPage<TalkingView>>> {
    return ok(await this.talkings.list(user.id, query));
  }

  @Post()
  @HttpCode(200)
  async create(@CurrentUser() user: UserEntity, @Body() dto: CreateTalkingDto): Promise<Reply<TalkingView>> {
    return ok(await this.talkings.create(user.id, dto));
  }

  @Get(':id')
  async detail(@CurrentUser() user: UserEntity, @TalkingId() id: number): Promise<Reply<TalkingDetail>> {
    return ok(await this.talkings.detail(user.id, id));
  }

  @Put(':id')
  async rename(@CurrentUser() user: UserEntity, @TalkingId() id: number, @Body() dto: RenameTalkingDto): Promise<Reply<TalkingView>> {
    return ok(await this.talkings.rename(user.id, id, dto.name), MSG_CHAT_RENAMED);
  }

  @Delete(':id')
  async remove(@CurrentUser() user: UserEntity, @TalkingId() id: number): Promise<Reply<boolean>> {
    await this.talkings.remove(user.id, id);
    return ok(true, MSG_CHAT_DELETED);
  }

  /** A download of the whole talking, every model's answers per round (talking-export.ts). */
  @Get(':id/export')
  async export(@CurrentUser() user: UserEntity, @TalkingId() id: number, @Query() query: ExportTalkingQuery, @Res() response: Response): Promise<void> {
    const data = await this.talkings.exportData(user.id, id);
    const file = talkingExportFile(data, query.format);
    response.setHeader('Content-Type', file.contentType);
    response.setHeader('Content-Disposition', exportDisposition(data.talking, query.format));
    response.setHeader('Cache-Control', 'no-store');
    response.send(file.body);
  }
}
