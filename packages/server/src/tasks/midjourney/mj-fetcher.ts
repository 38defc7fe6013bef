import type { RelayChannel } from '../../relay/relay-context';
import type { UpstreamCall } from '../../relay/upstream.client';
import type { TaskFetcher, UpstreamTaskState } from '../task.types';
import { stateOfMjTask } from './mj-protocol';

/** midjourney-proxy's `POST /mj/task/list-by-condition {ids}`: an array of tasks. */
export const MJ_FETCHER: TaskFetcher = {
  batchSize: 100,
  call(channel: RelayChannel, upstreamIds: readonly string[]): UpstreamCall {
    return {
      url: `${channel.baseUrl.replace(/\/+$/, '')}/mj/task/list-by-condition`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mj-api-secret': channel.key },
      body: JSON.stringify({ ids: upstreamIds }),
    };
  },
  read(body: string): UpstreamTaskState[] {
    const tasks: unknown = JSON.parse(body);
    if (!Array.isArray(tasks)) throw new Error('上游查询结果不是任务列表');
    return tasks.flatMap((task) => stateOfMjTask(task) ?? []);
  },
};
