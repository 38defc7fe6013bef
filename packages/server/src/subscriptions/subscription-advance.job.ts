import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobsService } from '../jobs/jobs.service';
import { SubscriptionsService } from './subscriptions.service';

export const SUBSCRIPTION_ADVANCE_JOB = 'subscription-advance';
const EVERY_MS = 60_000;

/** The `subscription-advance` queue (DESIGN.md §6): every minute, BullMQ or in process. */
@Injectable()
export class SubscriptionAdvanceJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register({
      name: SUBSCRIPTION_ADVANCE_JOB,
      handle: async () => {
        await this.subscriptions.advanceDue();
      },
    });
    this.jobs.addSchedule({ job: SUBSCRIPTION_ADVANCE_JOB, everyMs: () => EVERY_MS });
  }
}
