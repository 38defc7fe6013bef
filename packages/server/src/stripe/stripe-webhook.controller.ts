import { STRIPE_WEBHOOK_PATH } from '@gw/shared';
import { Controller, Headers, Logger, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Access } from '../auth/access.decorator';
import { StripeWebhookService } from './stripe-webhook.service';

/**
 * Where Stripe sends its events (STRIPE_WEBHOOK_PATH, registered in Stripe's dashboard): public,
 * since Stripe's servers call it, and believed only through its signature. The body arrives raw
 * (app.factory.ts), as the signature covers its exact bytes.
 */
@Controller(STRIPE_WEBHOOK_PATH.slice(1))
@Access('public')
export class StripeWebhookController {
  private readonly logger = new Logger(StripeWebhookController.name);

  constructor(private readonly webhook: StripeWebhookService) {}

  @Post()
  async receive(@Req() request: Request, @Headers('stripe-signature') signature: string | undefined, @Res() response: Response): Promise<void> {
    try {
      const answer = await this.webhook.handle(request.body, signature);
      if (answer.status === 200) response.status(200).json({ received: true, duplicate: answer.duplicate });
      else response.status(answer.status).json({ error: answer.reason });
    } catch (error) {
      // Stripe sends the event again later: a failure here (the database away) costs a delay, not money.
      this.logger.error(`Stripe webhook failed: ${error instanceof Error ? error.message : String(error)}`);
      response.status(500).json({ error: 'not handled, send again' });
    }
  }
}
