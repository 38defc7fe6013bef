import type { ChatUploadView } from '@gw/shared';
import { Controller, HttpCode, Post } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { Reply } from '../common/envelope.interceptor';
import { Multipart, type MultipartRequest } from '../storage/multipart.decorator';
import type { UserEntity } from '../users/user.entity';
import { ok } from './chat-reply';
import { ChatUploadsService } from './chat-uploads.service';

/** `POST /relay/v1/talking/upload_files`: the chat's image uploads (multipart field `files`). */
@Controller('relay/v1/talking')
@Access('user')
export class ChatUploadsController {
  constructor(private readonly uploads: ChatUploadsService) {}

  @Post('upload_files')
  @HttpCode(200)
  async upload(@CurrentUser() user: UserEntity, @Multipart() request: MultipartRequest): Promise<Reply<{ results: ChatUploadView[] }>> {
    return ok({ results: await this.uploads.upload(user.id, request) });
  }
}
