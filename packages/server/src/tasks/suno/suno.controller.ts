import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { SUNO_ACTION_MODELS, TASK_PLATFORM } from '@gw/shared';
import type { Request, Response } from 'express';
import { Access } from '../../auth/access.decorator';
import type { RelayChannel } from '../../relay/relay-context';
import { RelayError } from '../../relay/relay-error';
import { type AuthorizedToken, TokenAuthService } from '../../relay/token-auth.service';
import { bodyObject, sendSunoFailure } from '../task-replies';
import { type SubmitPlan, TaskRelay } from '../task-relay';
import { TaskStore } from '../task-store';
import { checkSunoBody, readSunoOutcome, type SunoBody, sunoTaskView } from './suno-protocol';

const ACTIONS: Readonly<Record<string, 'MUSIC' | 'LYRICS'>> = { music: 'MUSIC', lyrics: 'LYRICS' };
const FETCH_MAX_IDS = 100;

/**
 * The Suno API in front of Suno channels (type 36), authenticated by the caller's sk- token
 * (public for the session guard). Clients see the gateway's task ids only.
 */
@Controller('suno')
@Access('public')
export class SunoController {
  constructor(
    private readonly auth: TokenAuthService,
    private readonly relay: TaskRelay,
    private readonly store: TaskStore,
  ) {}

  @Post('submit/:action')
  async submit(@Param('action') route: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    try {
      const authorized = await this.auth.authorize({ headers: request.headers, ip: request.ip ?? '' });
      const action = ACTIONS[route];
      if (!action) throw new RelayError(404, `不支持的提交类型：${route.slice(0, 50)}（可用 music、lyrics）`, 'invalid_request_error', 'unknown_route');
      const body = bodyObject(request);
      checkSunoBody(body, action);
      const { task, outcome } = await this.relay.submit(authorized, await this.plan(action, body, authorized));
      if (!outcome.accepted) {
        response.status(outcome.httpStatus).json({ code: 'error', message: outcome.message, data: null });
        return;
      }
      response.status(200).json({ code: 'success', message: '', data: task.public_id });
    } catch (error) {
      sendSunoFailure(response, error);
    }
  }

  /** A music task may continue one of the caller's songs (`task_id`): it runs where that one ran, under the upstream's id. */
  private async plan(action: 'MUSIC' | 'LYRICS', body: SunoBody, authorized: AuthorizedToken): Promise<SubmitPlan> {
    const continued = typeof body.task_id === 'string' && body.task_id !== '' ? body.task_id : undefined;
    const origin = continued ? await this.store.ownedBy(authorized.caller.userId, TASK_PLATFORM.SUNO, continued) : undefined;
    if (continued && (!origin || !origin.upstream_id)) throw new RelayError(404, `任务 ${continued.slice(0, 64)} 不存在`, 'invalid_request_error', 'task_not_found');
    const upstreamBody = origin ? { ...body, task_id: origin.upstream_id } : body;
    const path = action === 'MUSIC' ? '/suno/submit/music' : '/suno/submit/lyrics';
    const prompt = typeof body.prompt === 'string' && body.prompt ? body.prompt : typeof body.gpt_description_prompt === 'string' ? body.gpt_description_prompt : '';
    return {
      platform: TASK_PLATFORM.SUNO,
      action,
      model: SUNO_ACTION_MODELS[action],
      prompt,
      origin,
      request: (channel: RelayChannel) => ({
        url: `${channel.baseUrl.replace(/\/+$/, '')}${path}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${channel.key}` },
        body: JSON.stringify(upstreamBody),
      }),
      read: readSunoOutcome,
    };
  }

  @Post('fetch')
  async fetchMany(@Req() request: Request, @Res() response: Response): Promise<void> {
    try {
      const { caller } = await this.auth.authorize({ headers: request.headers, ip: request.ip ?? '' });
      const ids = bodyObject(request).ids;
      if (!Array.isArray(ids) || ids.length > FETCH_MAX_IDS || !ids.every((id) => typeof id === 'string')) {
        throw new RelayError(400, `ids 必须是任务 ID 字符串的数组（最多 ${FETCH_MAX_IDS} 个）`, 'invalid_request_error', 'invalid_request');
      }
      const tasks = await this.store.manyOwnedBy(caller.userId, TASK_PLATFORM.SUNO, ids as string[]);
      response.status(200).json({ code: 'success', message: '', data: tasks.map(sunoTaskView) });
    } catch (error) {
      sendSunoFailure(response, error);
    }
  }

  @Get('fetch/:id')
  async fetchOne(@Param('id') id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    try {
      const { caller } = await this.auth.authorize({ headers: request.headers, ip: request.ip ?? '' });
      const task = await this.store.ownedBy(caller.userId, TASK_PLATFORM.SUNO, id);
      if (!task) throw new RelayError(404, '任务不存在', 'invalid_request_error', 'task_not_exist');
      response.status(200).json({ code: 'success', message: '', data: sunoTaskView(task) });
    } catch (error) {
      sendSunoFailure(response, error);
    }
  }
}
