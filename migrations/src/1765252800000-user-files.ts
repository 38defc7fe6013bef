import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The file library (spec 3 §2.8, §3 User file; issue 16).
 *
 * `user_file_uploads` remembers who stored which object (`POST /api/file_upload/uploadToOss`), so
 * only the uploader can register it. `user_files` holds the registered files with the text fields
 * and row count parsed from them. `app_id` names a workflow project; it has no foreign key (the
 * projects' table is made by its own migration). A file is registered once per user, project,
 * name and size: the unique index makes a duplicate registration answer the existing row.
 */
export class UserFiles1765252800000 implements MigrationInterface {
  name = 'UserFiles1765252800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "user_file_uploads" (
        "key" varchar(500) PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "file_name" varchar(255) NOT NULL,
        "file_type" varchar(16) NOT NULL,
        "file_size" bigint NOT NULL,
        "created_at" bigint NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "idx_user_file_uploads_user" ON "user_file_uploads" ("user_id")`);
    await queryRunner.query(`
      CREATE TABLE "user_files" (
        "id" SERIAL PRIMARY KEY,
        "user_id" integer NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "app_id" integer,
        "name" varchar(255) NOT NULL,
        "file_type" varchar(16) NOT NULL,
        "file_size" bigint NOT NULL,
        "key" varchar(500) NOT NULL,
        "url" varchar(1000) NOT NULL,
        "fields" jsonb NOT NULL DEFAULT '[]',
        "row_count" integer NOT NULL DEFAULT 0,
        "created_at" bigint NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "idx_user_files_user" ON "user_files" ("user_id", "created_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "idx_user_files_key" ON "user_files" ("key")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_user_files_duplicate" ON "user_files" ("user_id", COALESCE("app_id", 0), "name", "file_size")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "user_files"`);
    await queryRunner.query(`DROP TABLE "user_file_uploads"`);
  }
}
