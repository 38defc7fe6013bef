import { Controller, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { requestIdOf } from '../common/request-id';
import { Access } from '../auth/access.decorator';
import { CurrentUser } from '../auth/current-user.decorator';
import type { UserEntity } from '../users/user.entity';
import { RelayService } from './relay.service';
import { TokenAuthService } from './token-auth.service';

/** The console playground: chat through the relay as the signed-in user, with their first usable token, else their console token. */
@Controller('pg')
@Access('user')
export class PlaygroundController {
  constructor(
    private readonly relay: RelayService,
    private readonly auth: TokenAuthService,
  ) {}

  @Post('chat/completions')
  chat(@CurrentUser() user: UserEntity, @Req() request: Request, @Res() response: Response): Promise<void> {
    const ip = request.ip ?? '';
    const relayRequest = { headers: request.headers, ip, path: request.path, body: (request.body ?? {}) as Record<string, unknown>, stream: request, requestId: requestIdOf(request) };
    return this.relay.handle('chat', relayRequest, response, { authorize: () => this.auth.authorizeUser(user.id, ip) });
  }
}
