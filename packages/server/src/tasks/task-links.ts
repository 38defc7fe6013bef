import { Injectable } from '@nestjs/common';
import { OptionsService } from '../options/options.service';
import type { TaskRow } from './task.types';

/**
 * Where a client finds a task's picture. With MjForwardUrlEnabled the gateway's own
 * `/mj/image/{task id}` (the upstream's address stays private), else the upstream's address.
 * The gateway's origin is ServerAddress, else the origin the client called.
 */
@Injectable()
export class TaskLinks {
  constructor(private readonly options: OptionsService) {}

  imageUrl(task: TaskRow, requestOrigin?: string): string {
    if (!task.image_url || !this.options.getBoolean('MjForwardUrlEnabled')) return task.image_url;
    const origin = this.options.get('ServerAddress').trim().replace(/\/+$/, '') || requestOrigin || '';
    return `${origin}/mj/image/${task.public_id}`;
  }
}
