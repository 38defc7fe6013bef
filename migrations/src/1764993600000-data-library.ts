import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The data market (spec 3 §3 Dataset and source record) and its imports.
 *
 * A record belongs to a dataset and, when it came from an import, to that import. An import's
 * records are written in batches as the file is read, but they count (in the lists, data_num and
 * data_size) only once the import is 'done': that last step and the counters change in one
 * transaction. Records of a failed, cancelled or crashed import are never shown and are deleted
 * by the import job. So a dataset is never half-imported, and the embedded database (one
 * connection) is never held by one long transaction.
 */
export class DataLibrary1764993600000 implements MigrationInterface {
  name = 'DataLibrary1764993600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "data_library_info" (
        "id" SERIAL PRIMARY KEY,
        "name" varchar(100) NOT NULL,
        "description" text NOT NULL DEFAULT '',
        "tag" varchar(200) NOT NULL DEFAULT '',
        "data_type" varchar(200) NOT NULL,
        "data_format" text NOT NULL DEFAULT '{}',
        "image_field" varchar(500) NOT NULL DEFAULT '',
        "readme" text NOT NULL DEFAULT '',
        "factory" varchar(100) NOT NULL DEFAULT '',
        "cover_page" varchar(1000) NOT NULL DEFAULT '',
        "cloud_path" varchar(1000) NOT NULL DEFAULT '',
        "data_num" bigint NOT NULL DEFAULT 0 CHECK ("data_num" >= 0),
        "data_size" bigint NOT NULL DEFAULT 0 CHECK ("data_size" >= 0),
        "data_update_time" bigint NOT NULL,
        "created_at" bigint NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "data_imports" (
        "id" SERIAL PRIMARY KEY,
        "dataset_id" integer NOT NULL REFERENCES "data_library_info" ("id") ON DELETE CASCADE,
        "user_id" integer NOT NULL,
        "file_name" varchar(255) NOT NULL,
        "file_key" varchar(500) NOT NULL,
        "format" varchar(16) NOT NULL CHECK ("format" IN ('json', 'jsonl', 'csv', 'parquet')),
        "mode" varchar(16) NOT NULL CHECK ("mode" IN ('skip', 'rollback')),
        "status" varchar(16) NOT NULL DEFAULT 'queued' CHECK ("status" IN ('queued', 'running', 'done', 'failed', 'cancelled')),
        "cancel_requested" boolean NOT NULL DEFAULT false,
        "bytes_total" bigint NOT NULL DEFAULT 0,
        "bytes_read" bigint NOT NULL DEFAULT 0,
        "rows_done" bigint NOT NULL DEFAULT 0,
        "rows_failed" bigint NOT NULL DEFAULT 0,
        "size_done" bigint NOT NULL DEFAULT 0,
        "errors" jsonb NOT NULL DEFAULT '[]',
        "message" text NOT NULL DEFAULT '',
        "created_at" bigint NOT NULL,
        "started_at" bigint NOT NULL DEFAULT 0,
        "finished_at" bigint NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`CREATE INDEX "idx_data_imports_dataset" ON "data_imports" ("dataset_id", "id")`);
    await queryRunner.query(`
      CREATE TABLE "data_library_source" (
        "id" BIGSERIAL PRIMARY KEY,
        "belong_id" integer NOT NULL REFERENCES "data_library_info" ("id") ON DELETE CASCADE,
        "import_id" integer REFERENCES "data_imports" ("id") ON DELETE CASCADE,
        "body" text NOT NULL,
        "tag" varchar(200) NOT NULL DEFAULT ''
      )`);
    await queryRunner.query(`CREATE INDEX "idx_data_library_source_belong" ON "data_library_source" ("belong_id", "id")`);
    await queryRunner.query(`CREATE INDEX "idx_data_library_source_import" ON "data_library_source" ("import_id") WHERE "import_id" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "data_library_source"`);
    await queryRunner.query(`DROP TABLE "data_imports"`);
    await queryRunner.query(`DROP TABLE "data_library_info"`);
  }
}
