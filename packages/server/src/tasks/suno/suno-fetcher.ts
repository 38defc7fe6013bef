import type { RelayChannel } from '../../relay/relay-context';
import type { UpstreamCall } from '../../relay/upstream.client';
import type { TaskFetcher } from '../task.types';
import { readSunoFetch } from './suno-protocol';

/** The Suno API's `POST /suno/fetch {ids}`. */
export const SUNO_FETCHER: TaskFetcher = {
  batchSize: 100,
  call(channel: RelayChannel, upstreamIds: readonly string[]): UpstreamCall {
    return {
      url: `${channel.baseUrl.replace(/\/+$/, '')}/suno/fetch`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${channel.key}` },
      body: JSON.stringify({ ids: upstreamIds, action: '' }),
    };
  },
  read: readSunoFetch,
};
