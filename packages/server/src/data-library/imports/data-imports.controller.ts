import { Controller, Get, Param, Post, Query } from '@nestjs/common';
import { type ImportView, MSG_DATASET_NOT_FOUND, MSG_IMPORT_NOT_FOUND } from '@gw/shared';
import { Access } from '../../auth/access.decorator';
import { CurrentUser } from '../../auth/current-user.decorator';
import { IdPipe } from '../../common/int-range';
import { Multipart, type MultipartRequest } from '../../storage/multipart.decorator';
import type { UserEntity } from '../../users/user.entity';
import { DataImportsService } from './data-imports.service';
import { ImportUploadQuery } from './dto/import-upload.query';

/** Imports into a dataset (root; docs/console-api.md "Data market"). Every path has a segment more than the dataset routes' `:id`. */
@Controller('api/data_library')
@Access('root')
export class DataImportsController {
  constructor(private readonly imports: DataImportsService) {}

  /** multipart/form-data with the file in `file`. */
  @Post(':id/import')
  start(
    @CurrentUser() user: UserEntity,
    @Param('id', new IdPipe(MSG_DATASET_NOT_FOUND)) datasetId: number,
    @Query() query: ImportUploadQuery,
    @Multipart() request: MultipartRequest,
  ): Promise<ImportView> {
    return this.imports.start(user, datasetId, query, request);
  }

  @Get('imports/:importId')
  get(@Param('importId', new IdPipe(MSG_IMPORT_NOT_FOUND)) importId: number): Promise<ImportView> {
    return this.imports.get(importId);
  }

  @Post('imports/:importId/cancel')
  cancel(@Param('importId', new IdPipe(MSG_IMPORT_NOT_FOUND)) importId: number): Promise<ImportView> {
    return this.imports.cancel(importId);
  }

  @Get(':id/imports')
  list(@Param('id', new IdPipe(MSG_DATASET_NOT_FOUND)) datasetId: number): Promise<ImportView[]> {
    return this.imports.list(datasetId);
  }
}
