import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Access } from '../auth/access.decorator';
import { SESSION_COOKIE } from '../auth/sessions.service';
import type { PricingReply } from './pricing.view';
import { PricingService } from './pricing.service';

/** The model pricing page (spec 2 §7 Pricing): public, priced for the viewer's group when signed in. */
@Controller('api')
export class PricingController {
  constructor(private readonly pricing: PricingService) {}

  /**
   * The spec's reply carries group_ratio beside data, outside the usual envelope, so this route
   * writes its reply itself (the envelope interceptor only ever produces success, message, data).
   */
  @Get('pricing')
  @Access('public')
  async list(@Req() request: Request, @Res() response: Response): Promise<void> {
    const [data, usable_group] = await Promise.all([this.pricing.entries(), this.pricing.viewerGroup(request.signedCookies?.[SESSION_COOKIE])]);
    const reply: PricingReply = { success: true, message: '', data, group_ratio: this.pricing.groupRatios(), usable_group };
    response.json(reply);
  }
}
