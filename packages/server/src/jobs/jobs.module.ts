import { Global, Module } from '@nestjs/common';
import { JobsService } from './jobs.service';
import { QueueStatusController } from './queue-status.controller';
import { QueueStatusService } from './queue-status.service';

@Global()
@Module({ controllers: [QueueStatusController], providers: [JobsService, QueueStatusService], exports: [JobsService] })
export class JobsModule {}
