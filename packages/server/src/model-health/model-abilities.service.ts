import { Injectable } from '@nestjs/common';
import { channelTypeName, type ModelStatusSummary } from '@gw/shared';
import { DataSource } from 'typeorm';
import { PAGE_SIZE_DEFAULT } from '../common/paging';
import { ListAbilitiesQuery } from './dto/list-abilities.query';
import { modelStatusSummaries } from './model-channel-states';

/** A model on a channel in a group, as the model management page lists it (spec 2 §3 Model (management)). */
export interface AbilityRowView {
  /** `${channel_id}:${group}:${model}`: stable, since the three make the row's key. */
  id: string;
  model: string;
  /** The provider family of the channel's type, as in GET /v1/models/lists. */
  owned_by: string;
  channel_id: number;
  channel_name: string;
  group: string;
  is_deep_seek: boolean;
  is_viewable: boolean;
  /** The model's status on this channel (ABILITY_STATUS), why and since when (model-level health). */
  status: number;
  status_reason: string;
  status_time: number;
}

export interface AbilityPage {
  items: AbilityRowView[];
  total: number;
  page: number;
  page_size: number;
  /** Each model of the page over every channel that lists it, in the order the models first appear. */
  model_states: ModelStatusSummary[];
}

interface Row {
  channel_id: number;
  group: string;
  model: string;
  is_deep_seek: boolean;
  is_viewable: boolean;
  channel_name: string;
  type: number;
  status: number;
  status_reason: string;
  status_time: number;
}

/**
 * Reads the abilities index for the model management page, with each row's model status and, per
 * model of the page, its status on every channel (model-level health). The table belongs to the channels
 * module, which also changes the flags (POST /api/channel/update_ability); this is a read-only view.
 */
@Injectable()
export class ModelAbilitiesService {
  constructor(private readonly dataSource: DataSource) {}

  async list(query: ListAbilitiesQuery): Promise<AbilityPage> {
    const page = query.p ?? 0;
    const pageSize = query.page_size ?? PAGE_SIZE_DEFAULT;
    const { where, params } = this.filters(query);
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM abilities a WHERE ${where}`, params);
    const rows: Row[] = await this.dataSource.query(
      `SELECT a.channel_id, a."group", a.model, a.is_deep_seek, a.is_viewable, a.status, a.status_reason, a.status_time::float8 AS status_time, c.name AS channel_name, c.type
         FROM abilities a JOIN channels c ON c.id = a.channel_id
        WHERE ${where}
        ORDER BY a.model, a.channel_id, a."group"
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, pageSize, page * pageSize],
    );
    const models = [...new Set(rows.map((row) => row.model))];
    return { items: rows.map(toView), total, page, page_size: pageSize, model_states: await modelStatusSummaries(this.dataSource, models) };
  }

  private filters(query: ListAbilitiesQuery): { where: string; params: unknown[] } {
    const conditions = ['true'];
    const params: unknown[] = [];
    const add = (condition: (placeholder: string) => string, value: unknown) => {
      params.push(value);
      conditions.push(condition(`$${params.length}`));
    };
    // position() rather than LIKE: a model name may hold % or _ and needs no escaping this way.
    if (query.model) add((p) => `position(lower(${p}) in lower(a.model)) > 0`, query.model);
    if (query.group) add((p) => `a."group" = ${p}`, query.group);
    if (query.channel_id !== undefined) add((p) => `a.channel_id = ${p}`, query.channel_id);
    if (query.is_deep_seek !== undefined) add((p) => `a.is_deep_seek = ${p}`, query.is_deep_seek);
    if (query.is_viewable !== undefined) add((p) => `a.is_viewable = ${p}`, query.is_viewable);
    return { where: conditions.join(' AND '), params };
  }
}

function toView(row: Row): AbilityRowView {
  return {
    id: `${row.channel_id}:${row.group}:${row.model}`,
    model: row.model,
    owned_by: channelTypeName(Number(row.type)),
    channel_id: row.channel_id,
    channel_name: row.channel_name,
    group: row.group,
    is_deep_seek: row.is_deep_seek,
    is_viewable: row.is_viewable,
    status: row.status,
    status_reason: row.status_reason,
    status_time: row.status_time,
  };
}
