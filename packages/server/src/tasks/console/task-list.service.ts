import { Injectable } from '@nestjs/common';
import { TASK_PLATFORM, type TaskPlatform } from '@gw/shared';
import { PAGE_SIZE_DEFAULT } from '../../common/paging';
import { PoolDb } from '../../database/pool-db';
import { OptionsService } from '../../options/options.service';
import { resultOf } from '../midjourney/mj-protocol';
import { TaskLinks } from '../task-links';
import type { TaskRow } from '../task.types';
import type { AsyncTaskQuery, DrawingTaskQuery } from './dto/task-query.dto';

export interface TaskPage<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** Who is asking: an administrator sees every user's tasks (and channel and user), a user their own. */
export type TaskViewer = { admin: true } | { admin: false; userId: number };

const seconds = (millis: string): number => Math.floor(Number(millis) / 1000);

/** The console's task lists (spec 2 §3 Drawing task and Async task, §7 Tasks). Times in unix seconds. */
@Injectable()
export class TaskListService {
  constructor(
    private readonly db: PoolDb,
    private readonly links: TaskLinks,
    private readonly options: OptionsService,
  ) {}

  async drawings(viewer: TaskViewer, query: DrawingTaskQuery): Promise<TaskPage<Record<string, unknown>>> {
    const forwarded = this.options.getBoolean('MjForwardUrlEnabled');
    return this.page(TASK_PLATFORM.MIDJOURNEY, viewer, query, query.mj_id, (task) => ({
      id: Number(task.id),
      mj_id: task.public_id,
      action: task.action,
      code: task.code,
      status: task.status,
      progress: task.progress,
      prompt: task.prompt,
      prompt_en: task.prompt_en,
      description: task.description,
      image_url: this.links.imageUrl(task),
      // The split pictures are the upstream's addresses: not shown while the upstream is kept private.
      image_urls: forwarded ? [] : (resultOf(task).image_urls ?? []),
      fail_reason: task.fail_reason,
      quota: Number(task.quota),
      ...this.times(task),
      ...this.adminFields(viewer, task),
    }));
  }

  async asyncTasks(viewer: TaskViewer, query: AsyncTaskQuery): Promise<TaskPage<Record<string, unknown>>> {
    return this.page(TASK_PLATFORM.SUNO, viewer, query, query.task_id, (task) => ({
      id: Number(task.id),
      task_id: task.public_id,
      platform: task.platform,
      action: task.action,
      status: task.status,
      progress: task.progress,
      fail_reason: task.fail_reason,
      quota: Number(task.quota),
      data: task.result ?? null,
      ...this.times(task),
      ...this.adminFields(viewer, task),
    }));
  }

  private times(task: TaskRow) {
    return { submit_time: seconds(task.submit_time), start_time: seconds(task.start_time), finish_time: seconds(task.finish_time) };
  }

  private adminFields(viewer: TaskViewer, task: TaskRow) {
    return viewer.admin ? { channel_id: task.channel_id, user_id: task.user_id, username: task.username } : {};
  }

  private async page<T>(
    platform: TaskPlatform,
    viewer: TaskViewer,
    query: DrawingTaskQuery | AsyncTaskQuery,
    publicId: string | undefined,
    view: (task: TaskRow) => T,
  ): Promise<TaskPage<T>> {
    const where = ['platform = $1'];
    const params: unknown[] = [platform];
    const add = (condition: string, value: unknown) => {
      params.push(value);
      where.push(condition.replace('?', `$${params.length}`));
    };
    if (!viewer.admin) add('user_id = ?', viewer.userId);
    else if (query.channel_id) add('channel_id = ?', query.channel_id);
    if (publicId) add('public_id = ?', publicId);
    if (query.start_timestamp) add('submit_time >= ?', query.start_timestamp * 1000);
    if (query.end_timestamp) add('submit_time < ?', (query.end_timestamp + 1) * 1000);
    const page = query.p ?? 0;
    const pageSize = query.page_size ?? PAGE_SIZE_DEFAULT;
    const filter = where.join(' AND ');
    const [rows, [{ total }]] = await Promise.all([
      this.db.query<TaskRow>(`SELECT * FROM tasks WHERE ${filter} ORDER BY id DESC LIMIT ${pageSize} OFFSET ${page * pageSize}`, params),
      this.db.query<{ total: string }>(`SELECT count(*) AS total FROM tasks WHERE ${filter}`, params),
    ]);
    return { items: rows.map(view), total: Number(total), page, page_size: pageSize };
  }
}
