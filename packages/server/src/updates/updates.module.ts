import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UpdateNoteEntity } from './update-note.entity';
import { UpdatesController } from './updates.controller';
import { UpdatesService } from './updates.service';

@Module({
  imports: [TypeOrmModule.forFeature([UpdateNoteEntity])],
  controllers: [UpdatesController],
  providers: [UpdatesService],
})
export class UpdatesModule {}
