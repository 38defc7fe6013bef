import { Body, Controller, Get, Put } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { AuditActor, Auditor } from '../audit/audit-actor';
import { OptionsService, OptionView } from './options.service';
import { UpdateOptionDto } from './update-option.dto';

/**
 * The settings tabs' options (spec 1 §2.7, §7). Every administrator sees the operation, system and
 * other tabs, so every administrator may read them (secrets come back empty); only a super
 * administrator may change them.
 */
@Controller('api/option')
@Access('admin')
export class OptionsController {
  constructor(private readonly options: OptionsService) {}

  @Get()
  list(): OptionView[] {
    return this.options.list();
  }

  @Put()
  @Access('root')
  async update(@Auditor() actor: AuditActor, @Body() dto: UpdateOptionDto): Promise<null> {
    await this.options.set(dto.key, dto.value, actor);
    return null;
  }
}
