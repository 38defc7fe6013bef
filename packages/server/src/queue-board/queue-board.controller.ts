import { All, Controller, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Access } from '../auth/access.decorator';
import { QueueBoardGuard } from './queue-board.guard';
import { QueueBoardService } from './queue-board.service';

/**
 * bull-board at /api/queues for root. Public to the session guard, which would want New-Api-User
 * on the page a browser opens; QueueBoardGuard checks root on every path instead. A Nest route
 * (not Express middleware) so that rate limits, the cross-site rule and the error envelope apply.
 */
@Controller('api/queues')
@Access('public')
@UseGuards(QueueBoardGuard)
@ApiExcludeController()
export class QueueBoardController {
  constructor(private readonly board: QueueBoardService) {}

  @All('{/*path}')
  serve(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.board.serve(request, response);
  }
}
