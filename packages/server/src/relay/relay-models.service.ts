import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { ANTHROPIC_INBOUND } from './inbound/anthropic-inbound';
import { anthropicModelPage } from './inbound/anthropic-models';
import type { InboundFormat } from './inbound/inbound-format';
import { OPENAI_INBOUND } from './inbound/openai-inbound';
import { headerOf } from './relay-request';
import { RelayError } from './relay-error';
import { TokenAuthService } from './token-auth.service';

/**
 * GET /v1/models: the models the calling token may use, in OpenAI's list shape, or in Anthropic's
 * when the caller sends `anthropic-version` (as Anthropic's SDKs and Claude Code do).
 */
@Injectable()
export class RelayModelsService {
  constructor(
    private readonly auth: TokenAuthService,
    private readonly dataSource: DataSource,
  ) {}

  async list(request: Request, response: Response): Promise<void> {
    const format: InboundFormat = headerOf(request.headers, 'anthropic-version') ? ANTHROPIC_INBOUND : OPENAI_INBOUND;
    try {
      const { caller, modelLimits } = await this.auth.authorize({ headers: request.headers, ip: request.ip ?? '' });
      const rows: Array<{ model: string; created: string }> = await this.dataSource.query(
        `SELECT a.model, min(c.created_time) AS created FROM abilities a JOIN channels c ON c.id = a.channel_id
          WHERE a."group" = $1 AND a.enabled GROUP BY a.model ORDER BY a.model`,
        [caller.group],
      );
      const models = rows.filter((row) => !modelLimits || modelLimits.has(row.model)).map((row) => ({ id: row.model, created: Number(row.created) }));
      if (format === ANTHROPIC_INBOUND) response.json(anthropicModelPage(models, request.query));
      else response.json({ object: 'list', data: models.map((model) => ({ id: model.id, object: 'model', created: model.created, owned_by: 'gateway' })) });
    } catch (error) {
      const reply = format.errorReply(error instanceof RelayError ? error : new RelayError(500, '服务器内部错误', 'server_error'));
      response.status(reply.status).json(reply.body);
    }
  }
}
