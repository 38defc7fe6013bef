import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Access } from '../auth/access.decorator';
import { RelayModelsService } from './relay-models.service';

/**
 * GET /v1/models. The relay's POST endpoints are served by RelayFrontDoor, ahead of Nest. Public
 * for the session guard: the call is authenticated by its sk- token.
 */
@Controller('v1')
@Access('public')
export class RelayController {
  constructor(
    private readonly models: RelayModelsService,
  ) {}

  @Get('models')
  async list(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.models.list(request, response);
  }
}
