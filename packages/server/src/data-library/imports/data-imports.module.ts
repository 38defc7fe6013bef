import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataImportEntity } from '../data-import.entity';
import { DatasetEntity } from '../dataset.entity';
import { DataImportsController } from './data-imports.controller';
import { DataImportsService } from './data-imports.service';
import { ImportRecords } from './import-records';
import { ImportRunner } from './import-runner';
import { ImportSource } from './import-source';
import { ImportJob } from './import.job';

/**
 * Imports of JSON, JSONL, CSV and Parquet files into a dataset (issue 14): the upload, the
 * `dataset-import` job and its progress. Storage comes from the global StorageModule.
 */
@Module({
  imports: [TypeOrmModule.forFeature([DataImportEntity, DatasetEntity])],
  controllers: [DataImportsController],
  providers: [DataImportsService, ImportJob, ImportRunner, ImportRecords, ImportSource],
})
export class DataImportsModule {}
