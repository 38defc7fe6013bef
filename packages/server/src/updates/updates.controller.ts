import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { SaveUpdateNoteDto } from './save-update-note.dto';
import { UpdateNoteEntity } from './update-note.entity';
import { UpdatesService } from './updates.service';

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
  update(@Param('id', ParseIntPipe) id: number, @Body() dto: SaveUpdateNoteDto): Promise<UpdateNoteEntity> {
    return this.updates.update(id, dto);
  }

  @Delete(':id')
  async remove(@Param('id', ParseIntPipe) id: number): Promise<null> {
    await this.updates.remove(id);
    return null;
  }
}
