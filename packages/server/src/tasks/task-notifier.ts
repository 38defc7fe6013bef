import { Injectable, Logger } from '@nestjs/common';
import { TASK_PLATFORM } from '@gw/shared';
import { OptionsService } from '../options/options.service';
import { OutboundPolicy } from '../outbound/outbound-policy.service';
import { mjTaskView } from './midjourney/mj-protocol';
import { TaskLinks } from './task-links';
import type { TaskRow } from './task.types';

const NOTIFY_TIMEOUT_MS = 10_000;

/**
 * Tells a Midjourney client about its task's changes at the notifyHook it gave, as
 * midjourney-proxy does (the task as fetch shows it), only while MjNotifyEnabled is on. The hook
 * goes through the outbound-address policy for webhooks: no loopback, private or link-local
 * address, on the first hop or any redirect. Best effort: a hook that fails is not asked again.
 */
@Injectable()
export class TaskNotifier {
  private readonly logger = new Logger(TaskNotifier.name);

  constructor(
    private readonly options: OptionsService,
    private readonly outbound: OutboundPolicy,
    private readonly links: TaskLinks,
  ) {}

  changed(task: TaskRow): void {
    if (task.platform !== TASK_PLATFORM.MIDJOURNEY || !task.notify_hook || !this.options.getBoolean('MjNotifyEnabled')) return;
    void this.send(task);
  }

  private async send(task: TaskRow): Promise<void> {
    try {
      const reply = await this.outbound.fetch('webhook', task.notify_hook, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(mjTaskView(task, this.links.imageUrl(task))),
        signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
      });
      await reply.body?.cancel();
    } catch (error) {
      this.logger.warn(`Notify hook of task ${task.public_id} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
