import { DATA_MARKET_PAGE_SIZE, MSG_DATASET_NOT_FOUND, type DatasetView } from '@gw/shared';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AuditActor } from '../audit/audit-actor';
import { AuditLog } from '../audit/audit-log.service';
import { BusinessError } from '../common/business.error';
import { containsPattern } from '../common/contains-pattern';
import { nowSeconds } from '../common/time';
import { StorageService } from '../storage/storage.service';
import { DatasetEntity } from './dataset.entity';
import { storedKeyOf } from './dataset-rules';
import { DatasetPage, toDatasetView } from './dataset.view';
import type { CreateDatasetDto } from './dto/create-dataset.dto';
import type { ListDatasetsQuery } from './dto/list-datasets.query';
import type { UpdateDatasetDto } from './dto/update-dataset.dto';
import { storageUrlPrefix } from './storage-url';
import { numberedPage, requestedNumberedPage } from '../common/paging';

export const MSG_COVER_NOT_STORED = '封面地址无效，请先上传封面图片';
/** Where uploaded covers go (POST /api/data_library/upload_cover_page). */
export const COVER_PREFIX = 'covers';

/**
 * The datasets of the data market (spec 3 §2.1, §3): anyone reads them, root creates, edits and
 * deletes them. data_num and data_size are kept by the imports and the sample seeder, never sent.
 */
@Injectable()
export class DatasetsService {
  private readonly logger = new Logger(DatasetsService.name);

  constructor(
    @InjectRepository(DatasetEntity) private readonly datasets: Repository<DatasetEntity>,
    private readonly storage: StorageService,
    private readonly audit: AuditLog,
  ) {}

  /** Newest change first (then newest id), filtered by any of the types and a text in the name or description. */
  async list(query: ListDatasetsQuery): Promise<DatasetPage> {
    const wanted = requestedNumberedPage(query, DATA_MARKET_PAGE_SIZE);
    const builder = this.datasets.createQueryBuilder('dataset').orderBy('dataset.data_update_time', 'DESC').addOrderBy('dataset.id', 'DESC');
    const types = (query.data_type ?? '')
      .split(',')
      .map((type) => type.trim())
      .filter((type) => type !== '');
    // The dataset's own list and the asked one overlap: any-of, never a substring ("问答" is not in "多模态问答").
    if (types.length > 0) builder.andWhere(`string_to_array(dataset.data_type, ',') && ARRAY[:...types]::text[]`, { types });
    if (query.description) {
      builder.andWhere('(dataset.name ILIKE :pattern OR dataset.description ILIKE :pattern)', { pattern: containsPattern(query.description) });
    }
    return numberedPage(await builder.skip(wanted.skip).take(wanted.take).getManyAndCount(), wanted, toDatasetView);
  }

  async get(id: number): Promise<DatasetView> {
    return toDatasetView(await this.find(id));
  }

  async find(id: number): Promise<DatasetEntity> {
    const dataset = await this.datasets.findOneBy({ id });
    if (!dataset) throw new BusinessError(MSG_DATASET_NOT_FOUND);
    return dataset;
  }

  /** A new dataset with no records. */
  async create(dto: CreateDatasetDto, auditor?: AuditActor): Promise<DatasetView> {
    this.checkCover(dto.cover_page);
    const now = nowSeconds();
    const saved = await this.datasets.save(
      this.datasets.create({
        name: dto.name,
        data_type: dto.data_type,
        description: dto.description ?? '',
        tag: dto.tag ?? '',
        data_format: dto.data_format ?? '{}',
        image_field: dto.image_field ?? '',
        readme: dto.readme ?? '',
        factory: dto.factory ?? '',
        cover_page: dto.cover_page ?? '',
        cloud_path: '',
        data_num: 0,
        data_size: 0,
        data_update_time: now,
        created_at: now,
      }),
    );
    if (auditor) await this.audit.record(auditor, 'dataset.create', { type: 'dataset', id: saved.id }, {}, auditFields(saved));
    return toDatasetView(saved);
  }

  /** Changes the fields sent (the others keep their value) and marks the dataset changed now. */
  async update(id: number, dto: UpdateDatasetDto, auditor?: AuditActor): Promise<DatasetView> {
    this.checkCover(dto.cover_page);
    const dataset = await this.find(id);
    const fields: Partial<DatasetEntity> = { data_update_time: nowSeconds() };
    for (const key of ['name', 'data_type', 'description', 'tag', 'data_format', 'image_field', 'readme', 'factory', 'cover_page'] as const) {
      if (dto[key] !== undefined) fields[key] = dto[key];
    }
    await this.datasets.update({ id }, fields);
    if (auditor) await this.audit.record(auditor, 'dataset.update', { type: 'dataset', id }, auditFields(dataset), auditFields({ ...dataset, ...fields }));
    if (fields.cover_page !== undefined && fields.cover_page !== dataset.cover_page) await this.dropCoverIfUnused(dataset.cover_page);
    return toDatasetView({ ...dataset, ...fields });
  }

  /**
   * Deletes the dataset; its records and imports go with it (ON DELETE CASCADE) in the same
   * statement. A million records took PostgreSQL under a second on the 2-core development machine
   * (a call root rarely makes), so it is not moved to a job.
   */
  async remove(id: number, auditor?: AuditActor): Promise<void> {
    const dataset = await this.find(id);
    const result = await this.datasets.delete({ id });
    if (!result.affected) throw new BusinessError(MSG_DATASET_NOT_FOUND);
    if (auditor) await this.audit.record(auditor, 'dataset.delete', { type: 'dataset', id }, auditFields(dataset), {});
    await this.dropCoverIfUnused(dataset.cover_page);
  }

  /** '' or a URL of this product's storage: never another host or a `javascript:` link in an <img>. */
  private checkCover(cover: string | undefined): void {
    if (cover === undefined || cover === '') return;
    if (storedKeyOf(cover, storageUrlPrefix(this.storage)) === undefined) throw new BusinessError(MSG_COVER_NOT_STORED);
  }

  /**
   * An uploaded cover (under covers/) no dataset shows any more is deleted from storage. Best
   * effort: a failure is logged, the dataset change stands. Shared files (the samples' images) are
   * never touched, and a cover two datasets share stays while one of them shows it.
   */
  private async dropCoverIfUnused(cover: string): Promise<void> {
    const key = cover === '' ? undefined : storedKeyOf(cover, storageUrlPrefix(this.storage));
    if (!key?.startsWith(`${COVER_PREFIX}/`)) return;
    try {
      if (await this.datasets.existsBy({ cover_page: cover })) return;
      await this.storage.delete(key);
    } catch (error) {
      this.logger.warn(`Cover ${key} could not be deleted: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * A dataset's fields as the audit log compares them (after the change, which is not one
 * transaction here: a failed audit write is logged in full and answers an error). The counters
 * and times the server keeps by itself are left out.
 */
function auditFields({ data_update_time: _updated, data_num: _count, data_size: _size, created_at: _created, ...fields }: DatasetEntity): Partial<DatasetEntity> {
  return fields;
}
