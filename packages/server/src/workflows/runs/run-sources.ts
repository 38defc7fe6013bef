import { MSG_USER_FILE_NOT_FOUND, WORKFLOW_RUN_MAX_SAMPLES, type UserFileType, type WorkflowDatasetFields } from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { BusinessError } from '../../common/business.error';
import { PoolDb } from '../../database/pool-db';
import { userFileRows } from '../../files/user-file-parsers';
import { StorageService } from '../../storage/storage.service';
import { datasetFields } from './dataset-fields';
import type { RunSourceRef } from './run-plan';
import { datasetSample, fileSample, type SampleInput } from './sample-prompt';

export const MSG_DATASET_NOT_FOUND = '数据集不存在';

/** A source as the user may use it: its name and how many samples a run of it takes. */
export interface DescribedSource {
  name: string;
  samples: number;
}

/** Records of a dataset are read this many at a time (by id, so memory stays flat). */
const DATASET_PAGE = 1000;
/** The records a dataset's fields are read from: enough to meet a field only some records have. */
const FIELD_RECORDS = 50;

/** Visible records only: those of a finished import or of none (as the data market shows them). */
const VISIBLE = `(r.import_id IS NULL OR EXISTS (SELECT 1 FROM data_imports i WHERE i.id = r.import_id AND i.status = 'done'))`;

/**
 * Where a whole-data run's samples come from (issue 16): a data-market dataset (any signed-in user
 * may use one, as they may view it) or a file of the user's own library (another user's file
 * answers like a missing one). Samples are read as streams, never all at once.
 */
@Injectable()
export class RunSources {
  constructor(
    private readonly db: PoolDb,
    private readonly storage: StorageService,
  ) {}

  async describe(userId: number, source: RunSourceRef, limit = 0): Promise<DescribedSource> {
    const cap = (count: number) => Math.min(count, limit > 0 ? limit : WORKFLOW_RUN_MAX_SAMPLES, WORKFLOW_RUN_MAX_SAMPLES);
    if (source.kind === 'dataset') {
      const [row] = await this.db.query<{ name: string; data_num: string }>('SELECT name, data_num FROM data_library_info WHERE id = $1', [source.id]);
      if (!row) throw new BusinessError(MSG_DATASET_NOT_FOUND);
      return { name: row.name, samples: cap(Number(row.data_num)) };
    }
    const file = await this.fileOf(userId, source.id);
    return { name: file.name, samples: cap(file.row_count) };
  }

  /** The fields an input node may ask of a dataset (any signed-in user may, as for a run of it). */
  async datasetFields(id: number): Promise<WorkflowDatasetFields> {
    const [dataset] = await this.db.query<{ id: number }>('SELECT id FROM data_library_info WHERE id = $1', [id]);
    if (!dataset) throw new BusinessError(MSG_DATASET_NOT_FOUND);
    const rows = await this.db.query<{ body: string }>(`SELECT r.body FROM data_library_source r WHERE r.belong_id = $1 AND ${VISIBLE} ORDER BY r.id LIMIT $2`, [id, FIELD_RECORDS]);
    return datasetFields(rows.map((row) => parseBody(row.body)));
  }

  /** The first `count` samples of the source, in order. */
  async *samples(userId: number, source: RunSourceRef, count: number): AsyncGenerator<SampleInput> {
    if (count <= 0) return;
    if (source.kind === 'dataset') {
      let after = 0;
      let taken = 0;
      while (taken < count) {
        const rows = await this.db.query<{ id: string; body: string }>(
          `SELECT r.id, r.body FROM data_library_source r WHERE r.belong_id = $1 AND r.id > $2 AND ${VISIBLE} ORDER BY r.id LIMIT $3`,
          [source.id, after, Math.min(DATASET_PAGE, count - taken)],
        );
        if (rows.length === 0) return;
        for (const row of rows) {
          yield datasetSample(parseBody(row.body), source.field);
          taken += 1;
        }
        after = Number(rows[rows.length - 1].id);
      }
      return;
    }
    const file = await this.fileOf(userId, source.id);
    let taken = 0;
    for await (const row of userFileRows(file.file_type, await this.storage.read(file.key))) {
      yield fileSample(row, source.field);
      if (++taken >= count) return;
    }
  }

  private async fileOf(userId: number, id: number): Promise<{ name: string; row_count: number; file_type: UserFileType; key: string }> {
    const [file] = await this.db.query<{ name: string; row_count: number; file_type: UserFileType; key: string }>(
      'SELECT name, row_count, file_type, key FROM user_files WHERE id = $1 AND user_id = $2',
      [id, userId],
    );
    if (!file) throw new BusinessError(MSG_USER_FILE_NOT_FOUND);
    return file;
  }
}

function parseBody(body: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(body) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { value: parsed };
  } catch {
    return { text: body };
  }
}
