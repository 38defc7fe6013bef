import { Module } from '@nestjs/common';
import { ChannelOpsModule } from '../channel-ops/channel-ops.module';
import { LogsModule } from '../logs/logs.module';
import { RelayModule } from '../relay/relay.module';
import { TasksController } from './console/tasks.controller';
import { TaskListService } from './console/task-list.service';
import { MjController } from './midjourney/mj.controller';
import { MjNotifyLinks } from './midjourney/mj-notify-links';
import { MjSubmissions } from './midjourney/mj-submissions';
import { SunoController } from './suno/suno.controller';
import { TaskLinks } from './task-links';
import { TaskNotifier } from './task-notifier';
import { TaskPollJob } from './task-poll.job';
import { TaskPoller } from './task-poller';
import { TaskRelay } from './task-relay';
import { TaskStore } from './task-store';

/**
 * Async tasks (issue 18): one task layer (TaskStore, TaskRelay, TaskPoller) that the Midjourney
 * and Suno protocols plug into, the `task-poll` job and the console's task lists.
 */
@Module({
  imports: [RelayModule, ChannelOpsModule, LogsModule],
  controllers: [MjController, SunoController, TasksController],
  providers: [TaskStore, TaskRelay, TaskPoller, TaskPollJob, TaskNotifier, TaskLinks, MjSubmissions, MjNotifyLinks, TaskListService],
})
export class TasksModule {}
