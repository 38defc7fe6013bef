import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Access } from '../auth/access.decorator';
import { RelayModelsService } from './relay-models.service';

/**
 * GET /v1beta/models: the token's models in Gemini's shape, for Google's SDKs (their POST
 * calls are served by RelayFrontDoor). Public for the session guard: the call is authenticated
 * by its sk- token, from x-goog-api-key or ?key=.
 */
@Controller('v1beta')
@Access('public')
export class GeminiModelsController {
  constructor(private readonly models: RelayModelsService) {}

  @Get('models')
  async list(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.models.listGemini(request, response);
  }
}
