import { DATA_GUEST_ROWS, type DataPage, type SourceRowView } from '@gw/shared';
import { Injectable, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SourceRecordEntity } from './source-record.entity';
import { DatasetsService } from './datasets.service';
import type { ListSourceQuery } from './dto/list-source.query';
import { SOURCE_PAGE_SIZE_DEFAULT } from './dto/list-source.query';
import { requestedNumberedPage } from '../common/paging';

export const MSG_SIGN_IN_FOR_MORE = '请登录后查看更多数据';

/**
 * The records of a dataset (spec 3 §3 Dataset source record), in id order. Only visible records
 * are listed: those written otherwise than by an import, and those of an import that is done
 * (migration 1764993600000) — so the total is the dataset's data_num, which the server keeps exact
 * for exactly these records, and a million-row dataset is never counted per request.
 */
@Injectable()
export class SourceRecordsService {
  constructor(
    @InjectRepository(SourceRecordEntity) private readonly records: Repository<SourceRecordEntity>,
    private readonly datasets: DatasetsService,
  ) {}

  /** `signedIn` is asked only for a page beyond the first DATA_GUEST_ROWS records. */
  async list(query: ListSourceQuery, signedIn: () => Promise<boolean>): Promise<DataPage<SourceRowView>> {
    const { page, size, skip, take } = requestedNumberedPage(query, SOURCE_PAGE_SIZE_DEFAULT);
    const dataset = await this.datasets.find(query.belong_id);
    if (page * size > DATA_GUEST_ROWS && !(await signedIn())) throw new UnauthorizedException(MSG_SIGN_IN_FOR_MORE);
    const rows = await this.records
      .createQueryBuilder('record')
      .select(['record.id', 'record.body', 'record.tag'])
      .where('record.belong_id = :id', { id: dataset.id })
      .andWhere(`(record.import_id IS NULL OR EXISTS (SELECT 1 FROM data_imports i WHERE i.id = record.import_id AND i.status = 'done'))`)
      .orderBy('record.id', 'ASC')
      .offset(skip)
      .limit(take)
      .getMany();
    return {
      list: rows.map((row) => ({ id: row.id, body: row.body, cloud_path: dataset.cloud_path, tag: row.tag })),
      total: dataset.data_num,
      page,
      page_size: size,
    };
  }
}
