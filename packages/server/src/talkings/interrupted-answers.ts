import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InstanceLiveness } from '../relay/billing/instance-liveness.service';
import { CompareChatStore } from './compare-chat-store';

/**
 * Compare chat answers whose instance died mid-stream (killed, or lost with its machine): no
 * settlement will ever complete them, so they are ended as interrupted, with what was stored,
 * right after each liveness sweep has recovered the dead instances (their reservations refunded
 * there, once). A restart does it before it serves anything: at bootstrap, after every module's
 * init (the liveness registration among them), it sweeps once more with this step added.
 */
@Injectable()
export class InterruptedAnswers implements OnApplicationBootstrap {
  private readonly logger = new Logger(InterruptedAnswers.name);

  constructor(
    private readonly liveness: InstanceLiveness,
    private readonly store: CompareChatStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.liveness.afterSweep(() => this.end());
    await this.liveness.sweep();
  }

  private async end(): Promise<void> {
    const ended = await this.store.endInterrupted();
    if (ended > 0) this.logger.warn(`Ended ${ended} compare chat answer(s) left streaming by a dead instance`);
  }
}
