import { Module } from '@nestjs/common';
import { QueueBoardController } from './queue-board.controller';
import { QueueBoardGuard } from './queue-board.guard';
import { QueueBoardService } from './queue-board.service';

/** The BullMQ dashboard (bull-board) for root, when jobs run on Redis (issue 19). */
@Module({ controllers: [QueueBoardController], providers: [QueueBoardService, QueueBoardGuard] })
export class QueueBoardModule {}
