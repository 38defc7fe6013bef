import type { IncomingHttpHeaders } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { ANTHROPIC_INBOUND } from './inbound/anthropic-inbound';
import { anthropicModelPage, type ListedModel } from './inbound/anthropic-models';
import { geminiErrorReply, withQueryKey } from './inbound/gemini-inbound';
import { geminiModelPage } from './inbound/gemini-models';
import { OPENAI_INBOUND } from './inbound/openai-inbound';
import { headerOf } from './relay-request';
import { RelayError } from './relay-error';
import { TokenAuthService } from './token-auth.service';

/**
 * GET /v1/models: the models the calling token may use, in OpenAI's list shape, or in Anthropic's
 * when the caller sends `anthropic-version` (as Anthropic's SDKs and Claude Code do); GET
 * /v1beta/models in Gemini's.
 */
@Injectable()
export class RelayModelsService {
  constructor(
    private readonly auth: TokenAuthService,
    private readonly dataSource: DataSource,
  ) {}

  async list(request: Request, response: Response): Promise<void> {
    if (headerOf(request.headers, 'anthropic-version')) {
      await this.answer(request.headers, request, response, ANTHROPIC_INBOUND.errorReply, (models) => anthropicModelPage(models, request.query));
    } else {
      const page = (models: ListedModel[]) => ({ object: 'list', data: models.map((model) => ({ id: model.id, object: 'model', created: model.created, owned_by: 'gateway' })) });
      await this.answer(request.headers, request, response, OPENAI_INBOUND.errorReply, page);
    }
  }

  /** GET /v1beta/models: the same models in Gemini's shape, the key also taken from ?key= as Google takes it. */
  async listGemini(request: Request, response: Response): Promise<void> {
    const headers = withQueryKey(request.headers, new URLSearchParams(request.url.split('?')[1] ?? ''));
    await this.answer(headers, request, response, geminiErrorReply, (models) => geminiModelPage(models, request.query));
  }

  /** The caller's models written as `page` makes them, or the failure as `errorReply` writes it. */
  private async answer(
    headers: IncomingHttpHeaders,
    request: Request,
    response: Response,
    errorReply: (error: RelayError) => { status: number; body: unknown },
    page: (models: ListedModel[]) => unknown,
  ): Promise<void> {
    try {
      const { caller, modelLimits } = await this.auth.authorize({ headers, ip: request.ip ?? '' });
      const rows: Array<{ model: string; created: string }> = await this.dataSource.query(
        `SELECT a.model, min(c.created_time) AS created FROM abilities a JOIN channels c ON c.id = a.channel_id
          WHERE a."group" = $1 AND a.enabled GROUP BY a.model ORDER BY a.model`,
        [caller.group],
      );
      response.json(page(rows.filter((row) => !modelLimits || modelLimits.has(row.model)).map((row) => ({ id: row.model, created: Number(row.created) }))));
    } catch (error) {
      const reply = errorReply(error instanceof RelayError ? error : new RelayError(500, '服务器内部错误', 'server_error'));
      response.status(reply.status).json(reply.body);
    }
  }
}
