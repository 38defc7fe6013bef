import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { IMPORT_MAX_BYTES, type ImportFormat, type ImportView, MSG_DATASET_NOT_FOUND, MSG_IMPORT_NOT_FOUND } from '@gw/shared';
import { BusinessError } from '../../common/business.error';
import { nowSeconds } from '../../common/time';
import { PoolDb } from '../../database/pool-db';
import type { MultipartRequest } from '../../storage/multipart.decorator';
import { StorageService } from '../../storage/storage.service';
import type { UserEntity } from '../../users/user.entity';
import { DataImportEntity } from '../data-import.entity';
import { DatasetEntity } from '../dataset.entity';
import type { ImportUploadQuery } from './dto/import-upload.query';
import { cancelledMessage, MSG_IMPORT_FORMAT_UNKNOWN } from './import-messages';
import { ImportJob } from './import.job';
import { toImportView } from './import.view';

/** The imports a dataset's page lists. */
const RECENT_IMPORTS = 20;

const FORMAT_OF_EXTENSION: Record<string, ImportFormat> = { json: 'json', jsonl: 'jsonl', ndjson: 'jsonl', csv: 'csv', parquet: 'parquet' };

const formatOfName = (name: string): ImportFormat | undefined => FORMAT_OF_EXTENSION[/\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''];

/** Starting, watching and cancelling imports (issue 14); the import itself is the job's (import-runner.ts). */
@Injectable()
export class DataImportsService {
  private readonly logger = new Logger(DataImportsService.name);

  constructor(
    @InjectRepository(DataImportEntity) private readonly imports: Repository<DataImportEntity>,
    @InjectRepository(DatasetEntity) private readonly datasets: Repository<DatasetEntity>,
    private readonly db: PoolDb,
    private readonly storage: StorageService,
    private readonly job: ImportJob,
  ) {}

  /** Stores the uploaded file (streamed, size-limited) and queues its import. */
  async start(user: UserEntity, datasetId: number, query: ImportUploadQuery, request: MultipartRequest): Promise<ImportView> {
    // Before reading a large body for nothing; checked again after, the dataset may go meanwhile.
    await this.requireDataset(datasetId);
    const upload = await this.storage.receiveUpload(request, { field: 'file', prefix: 'imports', maxBytes: IMPORT_MAX_BYTES, extension: query.format });
    let entity: DataImportEntity;
    try {
      const format = query.format ?? formatOfName(upload.file_name);
      if (!format) throw new BusinessError(MSG_IMPORT_FORMAT_UNKNOWN);
      await this.requireDataset(datasetId);
      entity = await this.imports.save(
        this.imports.create({
          dataset_id: datasetId,
          user_id: user.id,
          file_name: upload.file_name || `import.${format}`,
          file_key: upload.key,
          format,
          mode: query.mode ?? 'rollback',
          bytes_total: upload.size,
          created_at: nowSeconds(),
        }),
      );
    } catch (error) {
      await this.storage.delete(upload.key);
      throw error;
    }
    await this.job.enqueue(entity.id);
    return toImportView(entity);
  }

  async get(importId: number): Promise<ImportView> {
    const entity = await this.imports.findOneBy({ id: importId });
    if (!entity) throw new BusinessError(MSG_IMPORT_NOT_FOUND);
    return toImportView(entity);
  }

  async list(datasetId: number): Promise<ImportView[]> {
    await this.requireDataset(datasetId);
    const entities = await this.imports.find({ where: { dataset_id: datasetId }, order: { id: 'DESC' }, take: RECENT_IMPORTS });
    return entities.map(toImportView);
  }

  /**
   * A queued import is cancelled at once (its job will find it so and do nothing); a running one
   * is flagged, and its job stops at the next batch and deletes what it wrote. A finished import is
   * answered as it is.
   */
  async cancel(importId: number): Promise<ImportView> {
    const [row] = await this.db.query<{ status: string; file_key: string }>(
      `UPDATE data_imports SET cancel_requested = true,
         status = CASE WHEN status = 'queued' THEN 'cancelled' ELSE status END,
         finished_at = CASE WHEN status = 'queued' THEN $2 ELSE finished_at END,
         message = CASE WHEN status = 'queued' THEN $3 ELSE message END
       WHERE id = $1 AND status IN ('queued', 'running') RETURNING status, file_key`,
      [importId, nowSeconds(), cancelledMessage(0)],
    );
    if (row?.status === 'cancelled') {
      await this.storage.delete(row.file_key).catch((error: unknown) => this.logger.warn(`Import file ${row.file_key} not deleted: ${String(error)}`));
    }
    return this.get(importId);
  }

  private async requireDataset(datasetId: number): Promise<void> {
    if (!(await this.datasets.existsBy({ id: datasetId }))) throw new BusinessError(MSG_DATASET_NOT_FOUND);
  }
}
