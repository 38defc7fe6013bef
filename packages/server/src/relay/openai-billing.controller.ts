import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Access } from '../auth/access.decorator';
import { OPENAI_INBOUND } from './inbound/openai-inbound';
import { OpenAiBillingService } from './openai-billing.service';
import { RelayError } from './relay-error';

/**
 * OpenAI's billing endpoints, with and without /v1 as new-api serves them. Public for the session
 * guard: the call is authenticated by its sk- token; failures in OpenAI's error shape.
 */
@Controller()
@Access('public')
export class OpenAiBillingController {
  constructor(private readonly billing: OpenAiBillingService) {}

  @Get(['v1/dashboard/billing/subscription', 'dashboard/billing/subscription'])
  async subscription(@Req() request: Request, @Res() response: Response): Promise<void> {
    await answer(response, () => this.billing.subscription(request));
  }

  @Get(['v1/dashboard/billing/usage', 'dashboard/billing/usage'])
  async usage(@Req() request: Request, @Res() response: Response): Promise<void> {
    await answer(response, () => this.billing.usage(request));
  }
}

async function answer(response: Response, read: () => Promise<object>): Promise<void> {
  try {
    response.json(await read());
  } catch (error) {
    if (!(error instanceof RelayError)) throw error;
    const reply = OPENAI_INBOUND.errorReply(error);
    response.status(reply.status).json(reply.body);
  }
}
