import { COVER_IMAGE_TYPES, COVER_MAX_BYTES, MSG_DATASET_NOT_FOUND, type DatasetView } from '@gw/shared';
import { Body, Controller, Delete, Param, Post, Put } from '@nestjs/common';
import { AuditActor, Auditor } from '../audit/audit-actor';
import { Access } from '../auth/access.decorator';
import { IdPipe } from '../common/int-range';
import { Multipart, type MultipartRequest } from '../storage/multipart.decorator';
import { StorageService } from '../storage/storage.service';
import { COVER_PREFIX, DatasetsService } from './datasets.service';
import { CreateDatasetDto } from './dto/create-dataset.dto';
import { UpdateDatasetDto } from './dto/update-dataset.dto';

/**
 * The data market's writes (root only; docs/console-api.md "Data market"). Imports have their own
 * controller (imports/) under the same path.
 */
@Controller('api/data_library')
@Access('root')
export class DataLibraryController {
  constructor(
    private readonly datasets: DatasetsService,
    private readonly storage: StorageService,
  ) {}

  @Post()
  create(@Auditor() auditor: AuditActor, @Body() dto: CreateDatasetDto): Promise<DatasetView> {
    return this.datasets.create(dto, auditor);
  }

  /** Stores the image only; `PUT :id {cover_page}` then shows it. Sniffed from the bytes, 5 MB at most, counted while streaming. */
  @Post('upload_cover_page')
  async uploadCover(@Multipart() request: MultipartRequest): Promise<{ oss_url: string }> {
    const stored = await this.storage.receiveUpload(request, { field: 'file', prefix: COVER_PREFIX, maxBytes: COVER_MAX_BYTES, allowedTypes: COVER_IMAGE_TYPES });
    return { oss_url: stored.url };
  }

  @Put(':id')
  update(@Auditor() auditor: AuditActor, @Param('id', new IdPipe(MSG_DATASET_NOT_FOUND)) id: number, @Body() dto: UpdateDatasetDto): Promise<DatasetView> {
    return this.datasets.update(id, dto, auditor);
  }

  @Delete(':id')
  async remove(@Auditor() auditor: AuditActor, @Param('id', new IdPipe(MSG_DATASET_NOT_FOUND)) id: number): Promise<boolean> {
    await this.datasets.remove(id, auditor);
    return true;
  }
}
