import { Injectable } from '@nestjs/common';
import { MJ_SUBMIT_CODE, type MjAction, TASK_PLATFORM, TASK_STATUS } from '@gw/shared';
import { OptionsService } from '../../options/options.service';
import { refusalOfHostname } from '../../outbound/address-policy';
import { OutboundPolicy } from '../../outbound/outbound-policy.service';
import type { RelayChannel } from '../../relay/relay-context';
import { RelayError } from '../../relay/relay-error';
import type { AuthorizedToken } from '../../relay/token-auth.service';
import type { UpstreamCall } from '../../relay/upstream.client';
import type { SubmitOutcome, SubmitPlan } from '../task-relay';
import { TaskStore } from '../task-store';
import type { TaskRow } from '../task.types';
import {
  ACCEPTED_CODES,
  actionOfCustomId,
  changeAction,
  clearModeFlags,
  type MjBody,
  modelOfAction,
  optionalString,
  parseSimpleChange,
  readSubmitReply,
  requireString,
  requireStringArray,
} from './mj-protocol';
import { MjNotifyLinks } from './mj-notify-links';

/** The submit routes (`/mj/submit/<name>`, and Plus's face swap) and the upstream path each calls. */
export const MJ_SUBMIT_ROUTES = ['imagine', 'change', 'simple-change', 'describe', 'blend', 'action', 'modal', 'shorten', 'upload-discord-images', 'swap_face'] as const;
export type MjSubmitRoute = (typeof MJ_SUBMIT_ROUTES)[number];

const UPSTREAM_PATHS: Readonly<Record<MjSubmitRoute, string>> = {
  imagine: '/mj/submit/imagine',
  change: '/mj/submit/change',
  'simple-change': '/mj/submit/simple-change',
  describe: '/mj/submit/describe',
  blend: '/mj/submit/blend',
  action: '/mj/submit/action',
  modal: '/mj/submit/modal',
  shorten: '/mj/submit/shorten',
  'upload-discord-images': '/mj/submit/upload-discord-images',
  swap_face: '/mj/insight-face/swap',
};

/** What one route asks for: its action, the prompt shown in the console, the task it acts on and the body sent upstream. */
interface Parsed {
  action: MjAction;
  prompt: string;
  originId?: string;
  body: MjBody;
}

/**
 * Turns a client's Midjourney submit call into a SubmitPlan: the body checked, the options of
 * spec 1's drawing settings applied (mode flags, account filter, notify hook), task ids of the
 * caller's own tasks swapped for the upstream's, and the reply read.
 */
@Injectable()
export class MjSubmissions {
  constructor(
    private readonly options: OptionsService,
    private readonly store: TaskStore,
    private readonly outbound: OutboundPolicy,
    private readonly notifyLinks: MjNotifyLinks,
  ) {}

  async plan(route: MjSubmitRoute, body: MjBody, authorized: AuthorizedToken): Promise<SubmitPlan> {
    const parsed = this.parse(route, body);
    const origin = parsed.originId ? await this.origin(parsed.originId, parsed.action, authorized.caller.userId) : undefined;
    const notifyHook = this.notifyHook(body);
    const upstreamBody: MjBody = { ...parsed.body };
    delete upstreamBody.notifyHook;
    if (!this.options.getBoolean('MjAccountFilterEnabled')) delete upstreamBody.accountFilter;
    if (origin) upstreamBody.taskId = origin.upstream_id;
    return {
      platform: TASK_PLATFORM.MIDJOURNEY,
      action: parsed.action,
      model: modelOfAction(parsed.action),
      prompt: parsed.prompt,
      origin,
      notifyHook,
      state: optionalString(body, 'state').slice(0, 1000),
      request: (channel) => this.request(channel, route, upstreamBody),
      read: (status, text) => readOutcome(status, text, parsed.action),
    };
  }

  private parse(route: MjSubmitRoute, body: MjBody): Parsed {
    const clearMode = (prompt: string) => (this.options.getBoolean('MjModeClearEnabled') ? clearModeFlags(prompt) : prompt);
    switch (route) {
      case 'imagine': {
        const prompt = clearMode(requireString(body, 'prompt', '请填写提示词 prompt'));
        if (prompt === '') throw new RelayError(400, '请填写提示词 prompt', 'invalid_request_error', 'invalid_request');
        return { action: 'IMAGINE', prompt, body: { ...body, prompt } };
      }
      case 'change': {
        const action = changeAction(body);
        return { action, prompt: '', originId: requireString(body, 'taskId', '请填写 taskId'), body };
      }
      case 'simple-change': {
        const change = parseSimpleChange(requireString(body, 'content', '请填写 content（例如「任务ID U1」）'));
        return { action: change.action, prompt: '', originId: change.taskId, body };
      }
      case 'describe':
        requireString(body, 'base64', '请提供图片 base64');
        return { action: 'DESCRIBE', prompt: '', body };
      case 'blend': {
        const images = requireStringArray(body, 'base64Array', '请提供 2 到 5 张图片（base64Array）');
        if (images.length < 2 || images.length > 5) throw new RelayError(400, '请提供 2 到 5 张图片（base64Array）', 'invalid_request_error', 'invalid_request');
        return { action: 'BLEND', prompt: '', body };
      }
      case 'action': {
        const customId = requireString(body, 'customId', '请填写 customId');
        const action = actionOfCustomId(customId);
        if (!action) throw new RelayError(400, `不支持的操作：${customId.slice(0, 100)}`, 'invalid_request_error', 'invalid_request');
        return { action, prompt: '', originId: requireString(body, 'taskId', '请填写 taskId'), body };
      }
      case 'modal': {
        const prompt = clearMode(optionalString(body, 'prompt'));
        return { action: 'MODAL', prompt, originId: requireString(body, 'taskId', '请填写 taskId'), body: { ...body, prompt } };
      }
      case 'shorten':
        return { action: 'SHORTEN', prompt: requireString(body, 'prompt', '请填写提示词 prompt'), body };
      case 'upload-discord-images':
        requireStringArray(body, 'base64Array', '请提供要上传的图片（base64Array）');
        return { action: 'UPLOAD', prompt: '', body };
      case 'swap_face':
        requireString(body, 'sourceBase64', '请提供人脸图片 sourceBase64');
        requireString(body, 'targetBase64', '请提供目标图片 targetBase64');
        return { action: 'SWAP_FACE', prompt: '', body };
    }
  }

  /**
   * The caller's task an action works on. Another user's task is "not found", like a missing one.
   * With MjActionCheckSuccessEnabled an action waits for its task's success; a modal answers a
   * task waiting for it.
   */
  private async origin(publicId: string, action: MjAction, userId: number): Promise<TaskRow> {
    const origin = await this.store.ownedBy(userId, TASK_PLATFORM.MIDJOURNEY, publicId);
    if (!origin || !origin.upstream_id) throw new RelayError(404, `任务 ${publicId.slice(0, 64)} 不存在`, 'invalid_request_error', 'task_not_found');
    if (action === 'MODAL') {
      if (origin.status !== TASK_STATUS.MODAL) throw new RelayError(400, '该任务不在等待窗口确认（MODAL）状态', 'invalid_request_error', 'task_not_modal');
    } else if (this.options.getBoolean('MjActionCheckSuccessEnabled') && origin.status !== TASK_STATUS.SUCCESS) {
      throw new RelayError(400, '任务尚未成功，不能对其执行操作', 'invalid_request_error', 'task_not_success');
    }
    return origin;
  }

  /**
   * The caller's notifyHook, kept for forwarding state changes (MjNotifyEnabled); dropped when
   * the option is off. A hook naming a loopback, private or link-local address is refused here
   * already; one naming a host is checked again when each notice is sent (and on each redirect).
   */
  private notifyHook(body: MjBody): string {
    const hook = optionalString(body, 'notifyHook').trim();
    if (!hook || !this.options.getBoolean('MjNotifyEnabled')) return '';
    let url: URL;
    try {
      url = new URL(hook);
    } catch {
      throw new RelayError(400, 'notifyHook 不是有效的网址', 'invalid_request_error', 'invalid_notify_hook');
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || hook.length > 1000) {
      throw new RelayError(400, 'notifyHook 必须是 http 或 https 网址（最长 1000 个字符）', 'invalid_request_error', 'invalid_notify_hook');
    }
    const refused = refusalOfHostname(url.hostname, this.outbound.allowsPrivate('webhook'));
    if (refused) throw new RelayError(400, `notifyHook 地址不可用：${refused.message}`, 'invalid_request_error', 'invalid_notify_hook');
    return hook;
  }

  private request(channel: RelayChannel, route: MjSubmitRoute, body: MjBody): UpstreamCall {
    // The upstream tells the gateway (not the client) about changes, when the gateway has a public address.
    const notifyHook = this.notifyLinks.upstreamHook(channel.id);
    return {
      url: `${channel.baseUrl.replace(/\/+$/, '')}${UPSTREAM_PATHS[route]}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mj-api-secret': channel.key },
      body: JSON.stringify(notifyHook ? { ...body, notifyHook } : body),
    };
  }
}

/**
 * The upstream's answer to a submit of `action`. Codes 1, 21 and 22 carry the task id in `result`; an upload
 * answers its image links there at once. An upstream's HTTP failure never reaches the client as
 * its own 401 or 403.
 */
export function readOutcome(status: number, text: string, action: MjAction): SubmitOutcome {
  if (status >= 400) {
    let reason = text.slice(0, 300);
    try {
      reason = readSubmitReply(text).description || reason;
    } catch {
      // not a submit reply: the raw text says it
    }
    return { accepted: false, code: 0, message: `上游返回 HTTP ${status}：${reason}`, httpStatus: status === 400 ? 400 : 502 };
  }
  const reply = readSubmitReply(text);
  if (!ACCEPTED_CODES.includes(reply.code)) return { accepted: false, code: reply.code, message: reply.description || `上游拒绝了任务（code ${reply.code}）`, httpStatus: 200 };
  if (Array.isArray(reply.result)) return { accepted: true, upstreamId: '', code: reply.code, status: TASK_STATUS.SUCCESS, finished: { result: { image_urls: reply.result } } };
  if ((typeof reply.result !== 'string' && typeof reply.result !== 'number') || String(reply.result) === '') {
    return { accepted: false, code: 0, message: '上游接受了任务却没有返回任务 ID', httpStatus: 502 };
  }
  // Inpaint and custom zoom wait for their dialog (/mj/submit/modal): "21 waiting".
  const waiting = reply.code === MJ_SUBMIT_CODE.WAITING && (action === 'INPAINT' || action === 'CUSTOM_ZOOM' || reply.properties.status === TASK_STATUS.MODAL);
  return {
    accepted: true,
    upstreamId: String(reply.result),
    code: reply.code,
    status: waiting ? TASK_STATUS.MODAL : TASK_STATUS.SUBMITTED,
    duplicate: reply.code === MJ_SUBMIT_CODE.DUPLICATE,
  };
}
