import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobsService } from '../jobs/jobs.service';
import { TopupReconcileService } from './topup-reconcile.service';

export const TOPUP_RECONCILE_JOB = 'topup-reconcile';
const EVERY_MS = 60_000;

/** The `topup-reconcile` queue (DESIGN.md §6): every minute, BullMQ or in process. */
@Injectable()
export class TopupReconcileJob implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly reconciler: TopupReconcileService,
  ) {}

  onModuleInit(): void {
    this.jobs.register({
      name: TOPUP_RECONCILE_JOB,
      handle: async () => {
        await this.reconciler.run();
      },
    });
    this.jobs.addSchedule({ job: TOPUP_RECONCILE_JOB, everyMs: () => EVERY_MS });
  }
}
