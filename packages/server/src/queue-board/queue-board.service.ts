import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Injectable, NotFoundException } from '@nestjs/common';
import express, { type Request, type Response, type Router } from 'express';
import { JobsService } from '../jobs/jobs.service';

/** Where the dashboard lives; its page, files and API are all below it. */
export const QUEUE_BOARD_PATH = '/api/queues';

export const MSG_NO_BULLMQ = '任务队列面板仅在使用 Redis（BullMQ）运行任务时可用：当前任务在本进程内运行（未设置 REDIS_URL），队列状态请看 GET /api/jobs/status';

/**
 * bull-board over the BullMQ queues of our jobs (jobs/bullmq.backend.ts), built on first use. With
 * the in-process runner there are no queues to show, and the dashboard does not exist.
 */
@Injectable()
export class QueueBoardService {
  private router?: Router;

  constructor(private readonly jobs: JobsService) {}

  /** Hands the request to bull-board; rejects with a 404 when it has no such path, or without BullMQ. */
  serve(request: Request, response: Response): Promise<void> {
    const router = this.board();
    if (!router) return Promise.reject(new NotFoundException(MSG_NO_BULLMQ));
    return new Promise((resolve, reject) => {
      response.once('close', () => resolve());
      router(request, response, (error?: unknown) => reject(error instanceof Error ? error : new NotFoundException()));
    });
  }

  private board(): Router | undefined {
    if (this.router) return this.router;
    const queues = this.jobs.bullMqQueues();
    if (!queues) return undefined;
    const adapter = new ExpressAdapter().setBasePath(QUEUE_BOARD_PATH);
    createBullBoard({
      queues: queues.map((queue) => new BullMQAdapter(queue)),
      serverAdapter: adapter,
      options: { uiConfig: { boardTitle: '任务队列', locale: { lng: 'zh-CN' } } },
    });
    const board = adapter.getRouter() as express.Express;
    board.disable('x-powered-by');
    // Mounted at our path so that bull-board sees the paths it declares ("/", "/static/…", "/api/…").
    this.router = express.Router().use(QUEUE_BOARD_PATH, board);
    return this.router;
  }
}
