import { Injectable } from '@nestjs/common';
import { CHANNEL_TYPE_MODELS, channelTypeName } from '@gw/shared';
import { DataSource } from 'typeorm';

/** A model as the chat and workflow pages list it (spec 3 §3 Model). */
export interface ModelInfo {
  id: string;
  owned_by: string;
  created: number;
  is_viewable: boolean;
  is_deep_seek: boolean;
  is_funcable: boolean;
  format: string;
  provider: string;
  capabilities: string[];
  sort_number: number;
  max_token: number;
}

/** The built-in model catalogue and the models a group can actually use. */
@Injectable()
export class ModelCatalogService {
  constructor(private readonly dataSource: DataSource) {}

  /** Default models per channel type (GET /api/models). */
  defaultsByType(): Record<number, readonly string[]> {
    return CHANNEL_TYPE_MODELS;
  }

  allDefaultModels(): string[] {
    return Object.values(CHANNEL_TYPE_MODELS).flat();
  }

  /** Models enabled for a group, with their capability flags and provider (GET /v1/models/lists). */
  async usableModels(group: string): Promise<ModelInfo[]> {
    const rows: Array<{ model: string; is_deep_seek: boolean; is_viewable: boolean; type: number; created: string }> = await this.dataSource.query(
      `SELECT a.model, bool_or(a.is_deep_seek) AS is_deep_seek, bool_or(a.is_viewable) AS is_viewable,
              min(c.type) AS type, min(c.created_time) AS created
         FROM abilities a JOIN channels c ON c.id = a.channel_id
        WHERE a."group" = $1 AND a.enabled
        GROUP BY a.model
        ORDER BY a.model`,
      [group],
    );
    return rows.map((row, index) => {
      const provider = channelTypeName(Number(row.type));
      return {
        id: row.model,
        owned_by: provider,
        created: Number(row.created),
        is_viewable: row.is_viewable,
        is_deep_seek: row.is_deep_seek,
        is_funcable: false,
        format: 'openai',
        provider,
        capabilities: [...(row.is_viewable ? ['vision'] : []), ...(row.is_deep_seek ? ['thinking'] : [])],
        sort_number: index,
        max_token: 0,
      };
    });
  }
}
