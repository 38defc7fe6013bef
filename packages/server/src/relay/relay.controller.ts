import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Access } from '../auth/access.decorator';
import type { RelayMode } from './relay-context';
import { RelayService } from './relay.service';
import { RelayModelsService } from './relay-models.service';

/**
 * The OpenAI-compatible API (DESIGN.md §5). Public for the session guard: every call is
 * authenticated by its sk- token inside the relay pipeline.
 */
@Controller('v1')
@Access('public')
export class RelayController {
  constructor(
    private readonly relay: RelayService,
    private readonly models: RelayModelsService,
  ) {}

  private run(mode: RelayMode, request: Request, response: Response): Promise<void> {
    return this.relay.handle(mode, request, response);
  }

  @Post('chat/completions')
  chat(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.run('chat', request, response);
  }

  @Post('completions')
  completions(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.run('completions', request, response);
  }

  @Post('embeddings')
  embeddings(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.run('embeddings', request, response);
  }

  @Post('images/generations')
  images(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.run('images', request, response);
  }

  @Post('moderations')
  moderations(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.run('moderations', request, response);
  }

  @Post('rerank')
  rerank(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.run('rerank', request, response);
  }

  @Post('audio/speech')
  speech(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.run('speech', request, response);
  }

  @Post('audio/transcriptions')
  transcriptions(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.run('transcriptions', request, response);
  }

  @Get('models')
  async list(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.models.list(request, response);
  }
}
