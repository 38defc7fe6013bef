import { Controller, Get } from '@nestjs/common';
import { Access } from '../auth/access.decorator';
import { QueueStatus, QueueStatusService } from './queue-status.service';

/** Queue visibility for administrators (issue 5; DESIGN.md §6: progress is visible). */
@Controller('api/jobs')
@Access('admin')
export class QueueStatusController {
  constructor(private readonly status: QueueStatusService) {}

  @Get('status')
  all(): Promise<QueueStatus[]> {
    return this.status.all();
  }
}
