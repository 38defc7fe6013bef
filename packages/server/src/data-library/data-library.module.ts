import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/user.entity';
import { DataImportEntity } from './data-import.entity';
import { DataLibraryController } from './data-library.controller';
import { DatasetEntity } from './dataset.entity';
import { DatasetsController } from './datasets.controller';
import { DatasetsService } from './datasets.service';
import { SampleSeeder } from './samples/sample-seeder';
import { SourceRecordEntity } from './source-record.entity';
import { SourceRecordsService } from './source-records.service';
import { Viewer } from './viewer';

/**
 * The data market (spec 3 §2.1–2.4): datasets and their records, covers, the sample datasets of a
 * fresh install. Imports live in imports/ (their own DataImportsModule). Storage comes from the
 * global StorageModule.
 */
@Module({
  imports: [TypeOrmModule.forFeature([DatasetEntity, SourceRecordEntity, DataImportEntity, UserEntity])],
  controllers: [DatasetsController, DataLibraryController],
  providers: [DatasetsService, SourceRecordsService, Viewer, SampleSeeder],
  exports: [DatasetsService],
})
export class DataLibraryModule {}
