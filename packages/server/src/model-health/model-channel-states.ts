import { ABILITY_STATUS, CHANNEL_STATUS, type ModelOnChannel, type ModelStatusSummary } from '@gw/shared';
import type { DataSource } from 'typeorm';

/**
 * The status of each of `models` on every channel that lists it (model-level health, issue 29),
 * from the abilities' status columns. Every group's row of one channel × model carries the same
 * status (ModelStatusService writes them together); should they ever differ, the most disabled wins.
 */
export async function modelStatusSummaries(db: DataSource, models: readonly string[]): Promise<ModelStatusSummary[]> {
  if (models.length === 0) return [];
  const rows: Array<ModelOnChannel & { model: string }> = await db.query(
    `SELECT DISTINCT ON (a.model, a.channel_id) a.model, a.channel_id, c.name AS channel_name, c.status AS channel_status,
            a.status, a.status_reason, a.status_time::float8 AS status_time
       FROM abilities a JOIN channels c ON c.id = a.channel_id
      WHERE a.model = ANY($1)
      ORDER BY a.model, a.channel_id, a.status DESC`,
    [models],
  );
  const summaries = new Map(models.map((model) => [model, { model, enabled: 0, auto_disabled: 0, manually_disabled: 0, channel_disabled: 0, channels: [] as ModelOnChannel[] }]));
  for (const { model, ...channel } of rows) {
    const summary = summaries.get(model)!;
    summary.channels.push(channel);
    if (channel.status === ABILITY_STATUS.AUTO_DISABLED) summary.auto_disabled += 1;
    else if (channel.status === ABILITY_STATUS.MANUALLY_DISABLED) summary.manually_disabled += 1;
    else if (channel.channel_status !== CHANNEL_STATUS.ENABLED) summary.channel_disabled += 1;
    else summary.enabled += 1;
  }
  return [...summaries.values()];
}
