import { http } from '@/api/http';

/** Heartbeat levels (spec 2 §4 heartbeat level colours: 1 green, 2 yellow, 3 red). */
export type HeartbeatLevel = 1 | 2 | 3;

/** One health probe of a model. */
export interface Heartbeat {
  /** Unix seconds. */
  created_at: number;
  /** Milliseconds. */
  resp_time: number;
  level: HeartbeatLevel;
  err_reason: string;
}

/** Heartbeats by provider, then model, newest first. */
export type HeartbeatsByProvider = Record<string, Record<string, Heartbeat[]>>;

/** The heartbeats between two unix times (seconds). */
export const listModelHeartbeats = (startTime: number, endTime: number) =>
  http.get<HeartbeatsByProvider>('/api/model_heart_infos', { start_time: startTime, end_time: endTime });
