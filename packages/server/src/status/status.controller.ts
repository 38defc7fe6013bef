import { Controller, Get } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { OptionsService } from '../options/options.service';
import { StatusService } from './status.service';

/** Public reads: the status object (also the health check) and the admin-edited texts. */
@Controller('api')
@Access('public')
export class StatusController {
  constructor(
    private readonly statusService: StatusService,
    private readonly options: OptionsService,
  ) {}

  @Get('status')
  status(): Promise<Record<string, unknown>> {
    return this.statusService.status();
  }

  @Get('notice')
  notice(): string {
    return this.options.get('Notice');
  }

  @Get('about')
  about(): string {
    return this.options.get('About');
  }

  @Get('home_page_content')
  homePageContent(): string {
    return this.options.get('HomePageContent');
  }
}
