import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserFileEntity, UserFileUploadEntity } from './user-file.entity';
import { UserFilesController } from './user-files.controller';
import { UserFilesService } from './user-files.service';

/**
 * The file library (spec 3 §2.8; issue 16): files a user uploads for workflows, with the text fields
 * and rows parsed from them. Storage comes from the global StorageModule. UserFilesService is
 * exported for the workflow runs that read a file's rows.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UserFileEntity, UserFileUploadEntity])],
  controllers: [UserFilesController],
  providers: [UserFilesService],
  exports: [UserFilesService],
})
export class UserFilesModule {}
