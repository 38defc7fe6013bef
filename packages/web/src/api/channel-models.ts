import type { ABILITY_STATUS, ModelAvailability, ModelAvailabilityDays } from '@gw/shared';
import { http } from '@/api/http';

/** A model's own status on a channel: 1 enabled, 2 disabled by hand, 3 disabled by the gateway. */
export type ChannelModelStatus = (typeof ABILITY_STATUS)[keyof typeof ABILITY_STATUS];

/** One model of a channel and its status there (GET /api/channel/model_states/:id). */
export interface ChannelModelState {
  model: string;
  status: ChannelModelStatus;
  status_reason: string;
  /** Unix seconds of the last change; 0 when it never changed. */
  status_time: number;
}

/** The endpoint a model is tested through: what a client would call for it. */
export type ModelTestEndpoint = '/v1/chat/completions' | '/v1/responses' | '/v1/embeddings';

/** One model's line of 测试全部模型. */
export interface ModelTestResult {
  model: string;
  success: boolean;
  /** Seconds. */
  time: number;
  message: string;
  endpoint: ModelTestEndpoint;
  /** What the test did to the channel (a dead key disables it). */
  status_change: 'disabled' | 'enabled' | 'key_disabled' | null;
  /** What the test did to the model on the channel. */
  model_status_change: 'disabled' | 'enabled' | null;
}

export const getChannelModelStates = (channelId: number) => http.get<ChannelModelState[]>(`/api/channel/model_states/${channelId}`);

/** Enables or disables one model on one channel, in every group. */
export const setChannelModelEnabled = (channelId: number, model: string, enabled: boolean) =>
  http.post<null>('/api/channel/ability', { channel_id: channelId, model, enabled });

/** Tests the channel's models (`models` of them, else all) and answers when every test is done. */
export const testChannelModels = (channelId: number, models?: string[]) =>
  http.post<ModelTestResult[]>(`/api/channel/test_models/${channelId}`, models ? { models } : {});

export const getChannelModelAvailability = (channelId: number, days: ModelAvailabilityDays) =>
  http.get<ModelAvailability[]>(`/api/channel/availability/${channelId}`, { days });
