import { Controller, Get, Logger, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Access } from '../auth/access.decorator';
import { FormBody } from '../auth/json-body.guard';
import { EpayNotifyService, NotifyAnswer } from './epay-notify.service';

/**
 * Where Epay tells us an order was paid (`notify_url`): public, since Epay's server calls it,
 * and believed only through its signature. Answers the plain text Epay reads, not the envelope.
 */
@Controller('api/user/epay')
@Access('public')
export class EpayNotifyController {
  private readonly logger = new Logger(EpayNotifyController.name);

  constructor(private readonly notify: EpayNotifyService) {}

  @Get('notify')
  notifyByGet(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.answer(request.query, response);
  }

  /** A POST form; a gateway that POSTs with the parameters in the query string is read there. */
  @Post('notify')
  @FormBody()
  notifyByPost(@Req() request: Request, @Res() response: Response): Promise<void> {
    const body: unknown = request.body;
    const hasBody = typeof body === 'object' && body !== null && Object.keys(body).length > 0;
    return this.answer(hasBody ? (body as Record<string, unknown>) : request.query, response);
  }

  private async answer(params: Record<string, unknown>, response: Response): Promise<void> {
    let answer: NotifyAnswer;
    try {
      answer = await this.notify.handle(params);
    } catch (error) {
      // Epay sends the notify again later: a failure here (the database away) costs a delay, not money.
      this.logger.error(`Epay notify failed: ${error instanceof Error ? error.message : String(error)}`);
      answer = 'fail';
    }
    response.status(200).type('text/plain').send(answer);
  }
}
