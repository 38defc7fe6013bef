import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobsService } from '../jobs/jobs.service';
import { StripeReconcileService } from './stripe-reconcile.service';

export const STRIPE_RECONCILE_JOB = 'stripe-reconcile';
const EVERY_MS = 60_000;

/** The `stripe-reconcile` queue (DESIGN.md §6): every minute, BullMQ or in process. */
@Injectable()
export class StripeReconcileJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly reconciler: StripeReconcileService,
  ) {}

  onModuleInit(): void {
    this.jobs.register({
      name: STRIPE_RECONCILE_JOB,
      handle: async () => {
        await this.reconciler.run();
      },
    });
    this.jobs.addSchedule({ job: STRIPE_RECONCILE_JOB, everyMs: () => EVERY_MS });
  }
}
