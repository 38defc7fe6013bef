import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { TASK_PLATFORM } from '@gw/shared';
import type { Request, Response } from 'express';
import { Access } from '../../auth/access.decorator';
import { OptionsService } from '../../options/options.service';
import { OutboundAddressRefusedError } from '../../outbound/address-policy';
import { RelayError } from '../../relay/relay-error';
import { TokenAuthService } from '../../relay/token-auth.service';
import { UpstreamClient } from '../../relay/upstream.client';
import { bodyObject, originOf, sendMjFailure } from '../task-replies';
import { TaskLinks } from '../task-links';
import { TaskPoller } from '../task-poller';
import { TaskRelay } from '../task-relay';
import { TaskStore } from '../task-store';
import { MJ_SUBMIT_ROUTES, MjSubmissions, type MjSubmitRoute } from './mj-submissions';
import { mjTaskView } from './mj-protocol';
import { MjNotifyLinks } from './mj-notify-links';

const IMAGE_TIMEOUT_SECONDS = 60;
const LIST_MAX_IDS = 100;

/**
 * The midjourney-proxy API in front of Midjourney channels (types 2 and 5), authenticated by the
 * caller's sk- token (public for the session guard). Clients see the gateway's task ids only.
 */
@Controller('mj')
@Access('public')
export class MjController {
  constructor(
    private readonly auth: TokenAuthService,
    private readonly relay: TaskRelay,
    private readonly submissions: MjSubmissions,
    private readonly store: TaskStore,
    private readonly links: TaskLinks,
    private readonly poller: TaskPoller,
    private readonly notifyLinks: MjNotifyLinks,
    private readonly upstream: UpstreamClient,
    private readonly options: OptionsService,
  ) {}

  @Post('submit/:route')
  async submit(@Param('route') route: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.submitRoute(route, request, response);
  }

  /** Midjourney Proxy Plus's face swap, under its own path. */
  @Post('insight-face/swap')
  async swapFace(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.submitRoute('swap_face', request, response);
  }

  private async submitRoute(route: string, request: Request, response: Response): Promise<void> {
    try {
      const authorized = await this.auth.authorize({ headers: request.headers, ip: request.ip ?? '' });
      if (!MJ_SUBMIT_ROUTES.includes(route as MjSubmitRoute)) throw new RelayError(404, `不支持的提交类型：${route.slice(0, 50)}`, 'invalid_request_error', 'unknown_route');
      if (!this.options.getBoolean('DrawingEnabled')) throw new RelayError(403, '绘图功能未启用，请联系管理员', 'invalid_request_error', 'drawing_disabled');
      const plan = await this.submissions.plan(route as MjSubmitRoute, bodyObject(request), authorized);
      const { task, outcome, duplicateOf } = await this.relay.submit(authorized, plan);
      if (duplicateOf) {
        response.status(200).json({ code: outcome.code, description: '重复提交', result: duplicateOf.public_id, properties: {} });
      } else if (!outcome.accepted) {
        response.status(outcome.httpStatus).json({ code: outcome.code, description: outcome.message, result: null, properties: {} });
      } else if (outcome.finished) {
        // An upload answers its links at once.
        response.status(200).json({ code: outcome.code, description: '提交成功', result: (task.result as { image_urls?: unknown })?.image_urls ?? [], properties: {} });
      } else {
        response.status(200).json({ code: outcome.code, description: '提交成功', result: task.public_id, properties: {} });
      }
    } catch (error) {
      sendMjFailure(response, error);
    }
  }

  @Get('task/:id/fetch')
  async fetch(@Param('id') id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    try {
      const { caller } = await this.auth.authorize({ headers: request.headers, ip: request.ip ?? '' });
      const task = await this.store.ownedBy(caller.userId, TASK_PLATFORM.MIDJOURNEY, id);
      if (!task) throw new RelayError(404, '任务不存在', 'invalid_request_error', 'task_not_found');
      response.status(200).json(mjTaskView(task, this.links.imageUrl(task, originOf(request))));
    } catch (error) {
      sendMjFailure(response, error);
    }
  }

  @Post('task/list-by-condition')
  async listByCondition(@Req() request: Request, @Res() response: Response): Promise<void> {
    try {
      const { caller } = await this.auth.authorize({ headers: request.headers, ip: request.ip ?? '' });
      const ids = bodyObject(request).ids;
      if (!Array.isArray(ids) || ids.length > LIST_MAX_IDS || !ids.every((id) => typeof id === 'string')) {
        throw new RelayError(400, `ids 必须是任务 ID 字符串的数组（最多 ${LIST_MAX_IDS} 个）`, 'invalid_request_error', 'invalid_request');
      }
      const tasks = await this.store.manyOwnedBy(caller.userId, TASK_PLATFORM.MIDJOURNEY, ids as string[]);
      response.status(200).json(tasks.map((task) => mjTaskView(task, this.links.imageUrl(task, originOf(request)))));
    } catch (error) {
      sendMjFailure(response, error);
    }
  }

  /**
   * A task's picture through the gateway (MjForwardUrlEnabled). No token: image links are
   * embedded in pages. The random task id is the capability, and only a picture is answered.
   */
  @Get('image/:id')
  async image(@Param('id') id: string, @Res() response: Response): Promise<void> {
    try {
      const task = await this.store.byPublicId(id);
      if (!task || task.platform !== TASK_PLATFORM.MIDJOURNEY || !/^https?:\/\//i.test(task.image_url)) throw new RelayError(404, '图片不存在', 'invalid_request_error', 'image_not_found');
      await this.pipeImage(task.image_url, response);
    } catch (error) {
      if (response.headersSent) response.destroy();
      else sendMjFailure(response, error);
    }
  }

  /**
   * The upstream's picture, passed on as it streams; anything but a picture is refused. The address
   * is the upstream's word, so it passes the channels' outbound-address policy (UpstreamClient):
   * loopback and private only with ChannelPrivateAddressEnabled, metadata never.
   */
  private async pipeImage(url: string, response: Response): Promise<void> {
    let reply: Awaited<ReturnType<UpstreamClient['send']>>;
    try {
      reply = await this.upstream.send({ url, method: 'GET', headers: {} }, IMAGE_TIMEOUT_SECONDS, AbortSignal.timeout(IMAGE_TIMEOUT_SECONDS * 1000));
    } catch (error) {
      // The reason without the address: anyone with the link reads this, and the upstream's address stays private.
      if (error instanceof OutboundAddressRefusedError) throw new RelayError(502, `上游图片地址被出站地址策略拒绝：${error.reason}`, 'upstream_error', 'image_address_refused');
      throw new RelayError(502, '上游图片不可用', 'upstream_error', 'image_unavailable');
    }
    const type = String(reply.headers['content-type'] ?? '');
    if (reply.statusCode !== 200 || !type.startsWith('image/')) {
      await reply.body.dump();
      throw new RelayError(502, `上游图片不可用（HTTP ${reply.statusCode}）`, 'upstream_error', 'image_unavailable');
    }
    response.status(200).set({ 'content-type': type, 'cache-control': 'private, max-age=86400', 'x-content-type-options': 'nosniff' });
    for await (const chunk of reply.body) response.write(chunk);
    response.end();
  }

  /**
   * An upstream's notice that one of its tasks changed, at the signed address given with each
   * submit (MjNotifyLinks). The notice only names the task; its state is asked of the upstream.
   */
  @Post('notify/:channel/:signature')
  async notify(@Param('channel') channel: string, @Param('signature') signature: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    try {
      const channelId = Number(channel);
      if (!Number.isSafeInteger(channelId) || !this.notifyLinks.verify(channelId, signature)) throw new RelayError(404, '通知地址无效', 'invalid_request_error', 'not_found');
      const id = bodyObject(request).id;
      if (typeof id !== 'string' && typeof id !== 'number') throw new RelayError(400, '通知中缺少任务 id', 'invalid_request_error', 'invalid_request');
      await this.poller.refresh(channelId, String(id));
      response.status(200).json({ code: 1, description: 'ok', result: null, properties: {} });
    } catch (error) {
      sendMjFailure(response, error);
    }
  }
}
