import { Injectable } from '@nestjs/common';
import { CHANNEL_TYPE_MODELS, CHAT_VENDORS, channelTypeName, type ChatCapability, type ChatModelView, vendorOfModel } from '@gw/shared';
import { DataSource } from 'typeorm';
import { contextWindowOf } from './context-windows';

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

  /**
   * Models enabled for a group, with their capability flags (model management's abilities), their
   * vendor and context window, in the chat picker's order: by vendor (CHAT_VENDORS), then by name
   * (GET /v1/models/lists).
   */
  async usableModels(group: string): Promise<ChatModelView[]> {
    const rows: Array<{ model: string; is_deep_seek: boolean; is_viewable: boolean; type: number; created: string }> = await this.dataSource.query(
      `SELECT a.model, bool_or(a.is_deep_seek) AS is_deep_seek, bool_or(a.is_viewable) AS is_viewable,
              min(c.type) AS type, min(c.created_time) AS created
         FROM abilities a JOIN channels c ON c.id = a.channel_id
        WHERE a."group" = $1 AND a.enabled
        GROUP BY a.model`,
      [group],
    );
    const models = rows.map((row) => ({ row, vendor: vendorOfModel(row.model) }));
    models.sort((a, b) => CHAT_VENDORS.indexOf(a.vendor) - CHAT_VENDORS.indexOf(b.vendor) || (a.row.model < b.row.model ? -1 : a.row.model > b.row.model ? 1 : 0));
    return models.map(({ row, vendor }, index) => {
      const capabilities: ChatCapability[] = [...(row.is_viewable ? (['vision'] as const) : []), ...(row.is_deep_seek ? (['thinking'] as const) : [])];
      return {
        id: row.model,
        name: row.model,
        owned_by: channelTypeName(Number(row.type)),
        created: Number(row.created),
        is_viewable: row.is_viewable,
        is_deep_seek: row.is_deep_seek,
        is_funcable: false,
        format: 'openai',
        provider: vendor,
        capabilities,
        sort_number: index,
        max_token: contextWindowOf(row.model),
      };
    });
  }
}
