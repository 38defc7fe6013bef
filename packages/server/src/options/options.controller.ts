import { Body, Controller, Get, Put } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { OptionsService, OptionView } from './options.service';
import { UpdateOptionDto } from './update-option.dto';

@Controller('api/option')
@Access('root')
export class OptionsController {
  constructor(private readonly options: OptionsService) {}

  @Get()
  list(): OptionView[] {
    return this.options.list();
  }

  @Put()
  async update(@Body() dto: UpdateOptionDto): Promise<null> {
    await this.options.set(dto.key, dto.value);
    return null;
  }
}
