import { http } from '@/api/http';

export const MSG_LOG_TIME_REQUIRED = '请选择日志记录时间';

export interface ClearLogsResult {
  ok: boolean;
  message: string;
}

/** The proposed cut-off: one month before now (spec 1 §5). */
export function defaultLogCutoff(now: Date = new Date()): Date {
  const cutoff = new Date(now);
  cutoff.setMonth(cutoff.getMonth() - 1);
  return cutoff;
}

/** Deletes the logs older than the cut-off (milliseconds): DELETE /api/log/?target_timestamp=<unix seconds>. */
export async function clearLogsBefore(cutoff: number | undefined): Promise<ClearLogsResult> {
  if (cutoff === undefined) return { ok: false, message: MSG_LOG_TIME_REQUIRED };
  try {
    const reply = await http.delete<number>('/api/log/', { target_timestamp: Math.floor(cutoff / 1000) });
    if (reply.success) return { ok: true, message: `${reply.data} 条日志已清理！` };
    return { ok: false, message: `日志清理失败：${reply.message}` };
  } catch (error) {
    return { ok: false, message: `日志清理失败：${error instanceof Error ? error.message : String(error)}` };
  }
}
