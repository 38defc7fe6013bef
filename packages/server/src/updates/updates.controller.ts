import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { IdPipe } from '../common/int-range';
import { SaveUpdateNoteDto } from './save-update-note.dto';
import { UpdateNoteEntity } from './update-note.entity';
import { MSG_NOTE_NOT_FOUND, UpdatesService } from './updates.service';

/** Release notes: everyone signed in reads them; only the root administrator (user 1) edits. */
@Controller('api/update')
@Access('root-user')
export class UpdatesController {
  constructor(private readonly updates: UpdatesService) {}

  @Get()
  @Access('user')
  list(): Promise<UpdateNoteEntity[]> {
    return this.updates.list();
  }

  @Post()
  create(@Body() dto: SaveUpdateNoteDto): Promise<UpdateNoteEntity> {
    return this.updates.create(dto);
  }

  @Put(':id')
  update(@Param('id', new IdPipe(MSG_NOTE_NOT_FOUND)) id: number, @Body() dto: SaveUpdateNoteDto): Promise<UpdateNoteEntity> {
    return this.updates.update(id, dto);
  }

  @Delete(':id')
  async remove(@Param('id', new IdPipe(MSG_NOTE_NOT_FOUND)) id: number): Promise<null> {
    await this.updates.remove(id);
    return null;
  }
}
