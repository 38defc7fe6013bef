import { MSG_USER_FILE_DELETED, MSG_USER_FILE_NOT_FOUND, type DataPage, type RegisteredUserFile, type UserFileView } from '@gw/shared';
import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import { WithMessage } from '../common/envelope.interceptor';
import { IdPipe } from '../common/int-range';
import { Multipart, type MultipartRequest } from '../storage/multipart.decorator';
import type { UserEntity } from '../users/user.entity';
import { ListUserFilesQuery } from './dto/list-user-files.query';
import { RegisterUserFileDto } from './dto/register-user-file.dto';
import { UserFilesService } from './user-files.service';

/** The file library (spec 3 §7 Files; docs/console-api.md "File library"): the signed-in user's own files only. */
@Controller('api/file_upload')
@Access('user')
export class UserFilesController {
  constructor(private readonly files: UserFilesService) {}

  /** Multipart field `file`: txt, csv, jsonl or xlsx up to 50 MB; `data` is the URL to register. */
  @Post('uploadToOss')
  upload(@CurrentUser() user: UserEntity, @Multipart() request: MultipartRequest): Promise<string> {
    return this.files.upload(user.id, request);
  }

  @Post()
  register(@CurrentUser() user: UserEntity, @Body() dto: RegisterUserFileDto): Promise<RegisteredUserFile> {
    return this.files.register(user.id, dto);
  }

  @Get()
  list(@CurrentUser() user: UserEntity, @Query() query: ListUserFilesQuery): Promise<DataPage<UserFileView>> {
    return this.files.list(user.id, query);
  }

  @Get(':id')
  get(@CurrentUser() user: UserEntity, @Param('id', new IdPipe(MSG_USER_FILE_NOT_FOUND)) id: number): Promise<UserFileView> {
    return this.files.get(user.id, id);
  }

  @Delete(':id')
  async remove(@CurrentUser() user: UserEntity, @Param('id', new IdPipe(MSG_USER_FILE_NOT_FOUND)) id: number): Promise<WithMessage<boolean>> {
    await this.files.remove(user.id, id);
    return new WithMessage(MSG_USER_FILE_DELETED, true);
  }
}
