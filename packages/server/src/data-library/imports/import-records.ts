import { Injectable } from '@nestjs/common';
import { PoolDb } from '../../database/pool-db';

/** Rows deleted per statement, so that deleting a large import never holds the database (PGlite has one connection) for long. */
const DELETE_CHUNK = 5000;

/** The records an import writes into data_library_source (hidden until the import is done; migration 1764993600000). */
@Injectable()
export class ImportRecords {
  constructor(private readonly db: PoolDb) {}

  /**
   * One batch in one statement: the bodies travel as one bytea parameter (BodyBatch: UTF-8,
   * newline-separated) and PostgreSQL splits them. One round trip and one parse whatever the batch
   * size, nothing escaped on the way (a text[] parameter is escaped element by element), no
   * batch-sized string in this process (bench/import, docs/performance.md).
   */
  async insert(datasetId: number, importId: number, bodies: Buffer): Promise<void> {
    await this.db.query(
      `INSERT INTO data_library_source (belong_id, import_id, body, tag) SELECT $1, $2, unnest(string_to_array(convert_from($3::bytea, 'UTF8'), E'\\n')), ''`,
      [datasetId, importId, bodies],
    );
  }

  /** Deletes every record of the import, a chunk at a time; returns how many there were. */
  async deleteAll(importId: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      const [{ count }] = await this.db.query<{ count: number }>(
        `WITH gone AS (
           DELETE FROM data_library_source WHERE id IN (SELECT id FROM data_library_source WHERE import_id = $1 LIMIT ${DELETE_CHUNK}) RETURNING 1
         ) SELECT count(*)::int AS count FROM gone`,
        [importId],
      );
      deleted += count;
      if (count < DELETE_CHUNK) return deleted;
    }
  }
}
