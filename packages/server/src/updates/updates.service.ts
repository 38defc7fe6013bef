import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import type { SaveUpdateNoteDto } from './save-update-note.dto';
import { UpdateNoteEntity } from './update-note.entity';

export const MSG_NOTE_NOT_FOUND = '更新记录不存在';

@Injectable()
export class UpdatesService {
  constructor(@InjectRepository(UpdateNoteEntity) private readonly notes: Repository<UpdateNoteEntity>) {}

  list(): Promise<UpdateNoteEntity[]> {
    return this.notes.find({ order: { created_at: 'DESC', id: 'DESC' } });
  }

  create(dto: SaveUpdateNoteDto): Promise<UpdateNoteEntity> {
    return this.notes.save(this.notes.create({ title: dto.title, content: dto.content, created_at: nowSeconds() }));
  }

  async update(id: number, dto: SaveUpdateNoteDto): Promise<UpdateNoteEntity> {
    const note = await this.notes.findOneBy({ id });
    if (!note) throw new BusinessError(MSG_NOTE_NOT_FOUND);
    return this.notes.save({ ...note, title: dto.title, content: dto.content });
  }

  async remove(id: number): Promise<void> {
    const result = await this.notes.delete({ id });
    if (!result.affected) throw new BusinessError(MSG_NOTE_NOT_FOUND);
  }
}
