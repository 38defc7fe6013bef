import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LogWriterService } from './log-writer.service';
import { LogEntity } from './log.entity';

@Module({
  imports: [TypeOrmModule.forFeature([LogEntity])],
  providers: [LogWriterService],
  exports: [LogWriterService],
})
export class LogsModule {}
