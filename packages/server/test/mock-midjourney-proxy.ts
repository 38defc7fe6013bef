import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-http-server';

/** A task as midjourney-proxy describes it (`/mj/task/{id}/fetch`, `list-by-condition`, notify bodies); times in ms. */
export interface MockMjTask {
  id: string;
  action: string;
  prompt: string;
  promptEn: string;
  description: string;
  state: string;
  submitTime: number;
  startTime: number;
  finishTime: number;
  imageUrl: string;
  status: string;
  progress: string;
  failReason: string;
  buttons: Array<{ customId: string; emoji: string; label: string; type: number; style: number }>;
  properties: Record<string, unknown>;
}

/** One call the proxy received. */
export interface MockMjRequest {
  path: string;
  secret: string;
  body: Record<string, unknown>;
}

/** A reply the next submit gets instead of a new task (`status` is the HTTP status, 200 by default). */
export interface MockMjSubmitReply {
  status?: number;
  code?: number;
  description?: string;
  result?: unknown;
  properties?: Record<string, unknown>;
}

const ACTION_OF_PATH: Record<string, string> = {
  '/mj/submit/imagine': 'IMAGINE',
  '/mj/submit/describe': 'DESCRIBE',
  '/mj/submit/blend': 'BLEND',
  '/mj/submit/shorten': 'SHORTEN',
  '/mj/submit/modal': 'MODAL',
  '/mj/insight-face/swap': 'SWAP_FACE',
};

/** A 1×1 PNG: what `/image/{id}.png` serves. */
export const MOCK_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/**
 * A stand-in for midjourney-proxy on 127.0.0.1 speaking its real shapes: the `mj-api-secret`
 * header, submit replies `{ code, description, result, properties }`, tasks read back by id or
 * by `list-by-condition`, pictures served under /image/. Tasks stay as submitted until a test
 * moves them (`update`), as Discord would; `notify` posts a task to a notifyHook like the proxy.
 */
export class MockMidjourneyProxy extends LocalHttpServer {
  readonly tasks = new Map<string, MockMjTask>();
  readonly requests: MockMjRequest[] = [];
  /** Replies for the next submits, in order, instead of new tasks. */
  readonly nextSubmits: MockMjSubmitReply[] = [];
  /** How many list-by-condition calls were answered. */
  listCalls = 0;
  /** Milliseconds a submit waits after creating its task before answering (a slow Discord). */
  submitDelayMs = 0;
  /** The notifyHook each task was submitted with. */
  readonly hooks = new Map<string, string>();
  /** Every secret the proxy accepts (one account each); more can be added. */
  readonly secrets: Set<string>;
  /** The secret each task was submitted with: a task is known only to the account that submitted it. */
  readonly owners = new Map<string, string>();

  constructor(readonly secret = 'mj-secret') {
    super();
    this.secrets = new Set([secret]);
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = (request.url ?? '').split('?')[0];
    const image = /^\/image\/([^/]+)\.png$/.exec(path);
    if (image) {
      response.writeHead(200, { 'content-type': 'image/png' }).end(MOCK_PNG);
      return;
    }
    const secret = String(request.headers['mj-api-secret'] ?? '');
    let body: Record<string, unknown> = {};
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    } catch {
      return this.json(response, 400, { code: 4, description: 'invalid json' });
    }
    this.requests.push({ path, secret, body });
    if (!this.secrets.has(secret)) return this.json(response, 401, { code: 9, description: 'unauthorized' });

    if (path.startsWith('/mj/submit/') || path === '/mj/insight-face/swap') return this.submit(path, body, secret, response);
    const known = (id: string) => (this.owners.get(id) === secret ? this.tasks.get(id) : undefined);
    if (path === '/mj/task/list-by-condition' && request.method === 'POST') {
      this.listCalls += 1;
      const ids = Array.isArray(body.ids) ? (body.ids as string[]) : [];
      return this.json(response, 200, ids.flatMap((id) => known(id) ?? []));
    }
    const fetch = /^\/mj\/task\/([^/]+)\/fetch$/.exec(path);
    if (fetch && known(fetch[1])) return this.json(response, 200, known(fetch[1]));
    this.json(response, 404, { code: 3, description: 'not found' });
  }

  private async submit(path: string, body: Record<string, unknown>, secret: string, response: ServerResponse): Promise<void> {
    const scripted = this.nextSubmits.shift();
    if (scripted) {
      const { status = 200, code = 1, description = '提交成功', result, properties = {} } = scripted;
      return this.json(response, status, { code, description, result, properties });
    }
    if (path === '/mj/submit/upload-discord-images') {
      return this.json(response, 200, { code: 1, description: '上传成功', result: [`${this.url}/image/upload-1.png`], properties: {} });
    }
    const id = String(randomInt(1e14, 2 ** 48 - 1));
    this.owners.set(id, secret);
    if (typeof body.notifyHook === 'string') this.hooks.set(id, body.notifyHook);
    const action = ACTION_OF_PATH[path] ?? (typeof body.action === 'string' ? body.action : 'UPSCALE');
    this.tasks.set(id, {
      id,
      action,
      prompt: typeof body.prompt === 'string' ? body.prompt : '',
      promptEn: typeof body.prompt === 'string' ? `${body.prompt} (en)` : '',
      description: '/imagine',
      state: typeof body.state === 'string' ? body.state : '',
      submitTime: Date.now(),
      startTime: 0,
      finishTime: 0,
      imageUrl: '',
      status: 'SUBMITTED',
      progress: '0%',
      failReason: '',
      buttons: [],
      properties: {},
    });
    if (this.submitDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.submitDelayMs));
    if (!response.destroyed) this.json(response, 200, { code: 1, description: '提交成功', result: id, properties: {} });
  }

  /** Moves a task along (as Discord's progress would). */
  update(id: string, changes: Partial<MockMjTask>): MockMjTask {
    const task = this.tasks.get(id);
    if (!task) throw new Error(`no mock task ${id}`);
    Object.assign(task, changes);
    return task;
  }

  /** A task finished with its picture and the buttons of a grid. */
  succeed(id: string): MockMjTask {
    return this.update(id, {
      status: 'SUCCESS',
      progress: '100%',
      startTime: Date.now() - 1000,
      finishTime: Date.now(),
      imageUrl: `${this.url}/image/${id}.png`,
      buttons: [{ customId: `MJ::JOB::upsample::1::${id}`, emoji: '', label: 'U1', type: 2, style: 2 }],
    });
  }

  /** Posts a task to the notifyHook it was submitted with, as the proxy does on each change; resolves to the HTTP status. */
  async notify(id: string): Promise<number> {
    const hook = this.hooks.get(id);
    if (!hook) throw new Error(`task ${id} was submitted without a notifyHook`);
    const reply = await fetch(hook, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(this.tasks.get(id)) });
    await reply.arrayBuffer();
    return reply.status;
  }

  /** The id of the latest task submitted. */
  lastTaskId(): string {
    return [...this.tasks.keys()].at(-1)!;
  }

  /** The calls to a path. */
  callsTo(path: string): MockMjRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  private json(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
}
