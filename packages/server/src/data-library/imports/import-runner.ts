import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { ImportStatus } from '@gw/shared';
import { nowSeconds } from '../../common/time';
import { PoolDb } from '../../database/pool-db';
import { StorageService } from '../../storage/storage.service';
import { DataImportEntity } from '../data-import.entity';
import { DatasetEntity } from '../dataset.entity';
import { cancelledMessage, failedMessage, MSG_IMPORT_ROLLED_BACK, rowLabel } from './import-messages';
import { ImportRecords } from './import-records';
import { ImportSource } from './import-source';
import { ImportTally } from './import-tally';
import { BodyBatch } from './body-batch';
import { ImportFileError } from './parsers/parsed-row';
import { checkRow, parseDataFormat } from './row-rules';

/**
 * A batch is inserted when it holds this many records or this many bytes, whichever comes first:
 * big enough that a statement's round trip and commit are small beside its work, small enough that
 * memory holds two batches (a few MB) and progress moves every fraction of a second.
 */
const BATCH_ROWS = 2000;
const BATCH_BYTES = 4 * 1024 * 1024;
/** A file of bad rows (skip mode) still reports progress and sees a cancel this often. */
const PROGRESS_EVERY_ROWS = 2000;

type Outcome = { status: 'done' } | { status: 'failed' | 'cancelled'; message: string };

const TERMINAL: readonly ImportStatus[] = ['done', 'failed', 'cancelled'];

/**
 * Runs one import (the `dataset-import` job): streams the stored file through its parser, checks
 * each record against the dataset's data_format and inserts the good ones in batches tagged with
 * the import. They stay hidden until the last step, which marks the import done and adds its
 * counts to the dataset in one transaction; a failed, cancelled or crashed run deletes them. It is
 * safe to run again: a redelivered job finds the import 'running', deletes what the first run wrote
 * and starts over; a finished import is left alone.
 */
@Injectable()
export class ImportRunner {
  private readonly logger = new Logger(ImportRunner.name);

  constructor(
    @InjectRepository(DataImportEntity) private readonly imports: Repository<DataImportEntity>,
    @InjectRepository(DatasetEntity) private readonly datasets: Repository<DatasetEntity>,
    private readonly dataSource: DataSource,
    private readonly db: PoolDb,
    private readonly records: ImportRecords,
    private readonly source: ImportSource,
    private readonly storage: StorageService,
  ) {}

  async run(importId: number): Promise<void> {
    const entity = await this.claim(importId);
    if (!entity) return;
    const tally = new ImportTally();
    let bytesRead = 0;
    let outcome: Outcome;
    try {
      outcome = await this.consume(entity, tally, (bytes) => (bytesRead = bytes));
    } catch (error) {
      if (!(error instanceof ImportFileError)) this.logger.error(`Import ${importId} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      outcome = { status: 'failed', message: failedMessage(error) };
    }
    try {
      await this.finish(entity, outcome, tally, bytesRead);
    } finally {
      await this.storage.delete(entity.file_key).catch((error: unknown) => this.logger.warn(`Import file ${entity.file_key} not deleted: ${String(error)}`));
    }
  }

  /** After an unexpected failure around a run: nothing of it may stay, and it must not look running. */
  async abandon(importId: number, error: unknown): Promise<void> {
    try {
      await this.records.deleteAll(importId);
      await this.db.query(`UPDATE data_imports SET status = 'failed', message = $2, finished_at = $3, rows_done = 0, size_done = 0 WHERE id = $1 AND status = 'running'`, [
        importId,
        failedMessage(error),
        nowSeconds(),
      ]);
    } catch (cleanup) {
      this.logger.error(`Import ${importId} could not be marked failed: ${String(cleanup)}`);
    }
  }

  /**
   * Marks the import running and returns it, or undefined when there is nothing to do (finished,
   * cancelled while queued, or gone with its dataset). A run found 'running' was cut short (a
   * crash, a killed worker): its records are deleted before starting over.
   */
  private async claim(importId: number): Promise<DataImportEntity | undefined> {
    const entity = await this.imports.findOneBy({ id: importId });
    if (!entity || TERMINAL.includes(entity.status)) return undefined;
    if (entity.status === 'running') await this.records.deleteAll(importId);
    const claimed = await this.db.query<{ id: number }>(
      `UPDATE data_imports SET status = 'running', started_at = $2, bytes_read = 0, rows_done = 0, rows_failed = 0, size_done = 0, errors = '[]', message = ''
       WHERE id = $1 AND status IN ('queued', 'running') RETURNING id`,
      [importId, nowSeconds()],
    );
    if (claimed.length === 0) return undefined;
    return (await this.imports.findOneBy({ id: importId })) ?? undefined;
  }

  private async consume(entity: DataImportEntity, tally: ImportTally, onBytes: (bytes: number) => void): Promise<Outcome> {
    if (entity.cancel_requested) return { status: 'cancelled', message: '' };
    const dataset = await this.datasets.findOneBy({ id: entity.dataset_id });
    if (!dataset) return { status: 'failed', message: '数据集已删除' };
    const dataFormat = parseDataFormat(dataset.data_format);
    const opened = await this.source.open(entity.file_key, entity.format, dataFormat);
    // Two batches taking turns: one being inserted while the next is filled from the parser, so
    // parsing (this process) and inserting (PostgreSQL) each use a core. A batch is filled again
    // only once its insert has finished.
    const batches = [new BodyBatch(), new BodyBatch()];
    let batch = batches[0];
    let inserting: Promise<void> | undefined;
    let sinceProgress = 0;
    // Waits for the batch in flight, sends the current one, saves progress, and tells whether a
    // cancel was asked for meanwhile.
    const flush = async (): Promise<boolean> => {
      await inserting;
      inserting = undefined;
      if (batch.rows > 0) {
        const sent = batch;
        inserting = this.records.insert(entity.dataset_id, entity.id, sent.contents()).then(() => {
          tally.rowsDone += sent.rows;
          tally.sizeDone += sent.bytes;
        });
        // Awaited at the next flush or below; this only keeps it from counting as unhandled meanwhile.
        inserting.catch(() => undefined);
        batch = sent === batches[0] ? batches[1] : batches[0];
        batch.reset();
      }
      sinceProgress = 0;
      onBytes(opened.bytesRead());
      return this.saveProgress(entity.id, tally, opened.bytesRead());
    };
    try {
      for await (const item of opened.rows) {
        const checked = 'error' in item ? item : checkRow(item.value, dataFormat);
        if ('error' in checked) {
          tally.addError(item.row, checked.error);
          if (entity.mode === 'rollback') {
            onBytes(opened.bytesRead());
            return { status: 'failed', message: `${rowLabel(entity.format, item.row)}：${checked.error}，${MSG_IMPORT_ROLLED_BACK}` };
          }
        } else {
          batch.add(checked.body, checked.bytes);
        }
        sinceProgress += 1;
        if (batch.rows >= BATCH_ROWS || batch.bytes >= BATCH_BYTES || sinceProgress >= PROGRESS_EVERY_ROWS) {
          if (await flush()) return { status: 'cancelled', message: '' };
        }
      }
      // Twice: the first sends the last batch, the second waits for it.
      if ((await flush()) || (await flush())) return { status: 'cancelled', message: '' };
      return { status: 'done' };
    } finally {
      opened.close();
      // Whatever happened, no insert may land after this run's records are counted or deleted.
      await inserting?.catch(() => undefined);
    }
  }

  /** Writes the counts so far; returns true when a cancel has been asked for. */
  private async saveProgress(importId: number, tally: ImportTally, bytesRead: number): Promise<boolean> {
    const rows = await this.db.query<{ cancel_requested: boolean }>(
      `UPDATE data_imports SET bytes_read = $2, rows_done = $3, rows_failed = $4, size_done = $5, errors = $6::jsonb
       WHERE id = $1 RETURNING cancel_requested`,
      [importId, bytesRead, tally.rowsDone, tally.rowsFailed, tally.sizeDone, JSON.stringify(tally.errors)],
    );
    // The import is gone (its dataset was deleted): stop as for a cancel.
    return rows.length === 0 || rows[0].cancel_requested;
  }

  private async finish(entity: DataImportEntity, outcome: Outcome, tally: ImportTally, bytesRead: number): Promise<void> {
    if (outcome.status === 'done' && (await this.commit(entity, tally, bytesRead))) return;
    // Not done, or a cancel arrived after the last batch: nothing of this run may stay.
    const written = await this.records.deleteAll(entity.id);
    const status = outcome.status === 'failed' ? 'failed' : 'cancelled';
    const message = outcome.status === 'failed' ? outcome.message : cancelledMessage(written);
    await this.db.query(
      `UPDATE data_imports SET status = $2, message = $3, finished_at = $4, bytes_read = $5, rows_done = 0, rows_failed = $6, size_done = 0, errors = $7::jsonb
       WHERE id = $1 AND status = 'running'`,
      [entity.id, status, message, nowSeconds(), bytesRead, tally.rowsFailed, JSON.stringify(tally.errors)],
    );
  }

  /**
   * The one step that makes the records visible: the import done and the dataset's counts raised,
   * in one transaction, so data_num and data_size always equal the records shown. Returns false
   * when a cancel got there first.
   */
  private commit(entity: DataImportEntity, tally: ImportTally, bytesRead: number): Promise<boolean> {
    const now = nowSeconds();
    return this.dataSource.transaction(async (manager) => {
      // A structured result: a plain UPDATE … RETURNING answers [rows, count] through TypeORM.
      const done = await manager.queryRunner!.query(
        `UPDATE data_imports SET status = 'done', finished_at = $2, bytes_read = $3, rows_done = $4, rows_failed = $5, size_done = $6, errors = $7::jsonb
         WHERE id = $1 AND status = 'running' AND NOT cancel_requested RETURNING id`,
        [entity.id, now, bytesRead, tally.rowsDone, tally.rowsFailed, tally.sizeDone, JSON.stringify(tally.errors)],
        true,
      );
      if (done.records.length === 0) return false;
      if (tally.rowsDone > 0) {
        await manager.query(`UPDATE data_library_info SET data_num = data_num + $2, data_size = data_size + $3, data_update_time = $4 WHERE id = $1`, [
          entity.dataset_id,
          tally.rowsDone,
          tally.sizeDone,
          now,
        ]);
      }
      return true;
    });
  }
}
