import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { RelayError } from './relay-error';
import { TokenAuthService } from './token-auth.service';

/** GET /v1/models: the models the calling token may use, in OpenAI's list shape. */
@Injectable()
export class RelayModelsService {
  constructor(
    private readonly auth: TokenAuthService,
    private readonly dataSource: DataSource,
  ) {}

  async list(request: Request, response: Response): Promise<void> {
    try {
      const { caller, modelLimits } = await this.auth.authorize({ headers: request.headers, ip: request.ip ?? '' });
      const rows: Array<{ model: string; created: string }> = await this.dataSource.query(
        `SELECT a.model, min(c.created_time) AS created FROM abilities a JOIN channels c ON c.id = a.channel_id
          WHERE a."group" = $1 AND a.enabled GROUP BY a.model ORDER BY a.model`,
        [caller.group],
      );
      const data = rows
        .filter((row) => !modelLimits || modelLimits.has(row.model))
        .map((row) => ({ id: row.model, object: 'model', created: Number(row.created), owned_by: 'gateway' }));
      response.json({ object: 'list', data });
    } catch (error) {
      const relayError = error instanceof RelayError ? error : new RelayError(500, '服务器内部错误', 'server_error');
      response.status(relayError.status).json(relayError.toBody());
    }
  }
}
