import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-http-server';

/** A task as the Suno API describes it in `/suno/fetch` replies; times in unix seconds. */
export interface MockSunoTask {
  task_id: string;
  action: 'MUSIC' | 'LYRICS';
  status: string;
  fail_reason: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  progress: string;
  data: unknown;
}

/** One call the API received. */
export interface MockSunoRequest {
  path: string;
  authorization: string;
  body: Record<string, unknown>;
}

/**
 * A stand-in for a Suno API on 127.0.0.1 speaking its real shapes: `Authorization: Bearer`,
 * submit replies `{ code: "success", message, data: task id }`, `POST /suno/fetch {ids}` and
 * `GET /suno/fetch/{id}`. Tasks stay as submitted until a test moves them (`update`).
 */
export class MockSunoApi extends LocalHttpServer {
  readonly tasks = new Map<string, MockSunoTask>();
  readonly requests: MockSunoRequest[] = [];
  /** Replies for the next submits, in order, instead of new tasks: [HTTP status, body]. */
  readonly nextSubmits: Array<[number, unknown]> = [];

  /** Every key the API accepts (one account each); more can be added. */
  readonly keys: Set<string>;
  /** The key each task was submitted with: a task is known only to the account that submitted it. */
  readonly owners = new Map<string, string>();

  constructor(readonly key = 'suno-key') {
    super();
    this.keys = new Set([key]);
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = (request.url ?? '').split('?')[0];
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
    const authorization = String(request.headers.authorization ?? '');
    this.requests.push({ path, authorization, body });
    const key = authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : '';
    if (!this.keys.has(key)) return this.json(response, 401, { code: 'unauthorized', message: 'invalid key', data: null });

    const submit = /^\/suno\/submit\/(music|lyrics)$/.exec(path);
    if (submit) {
      const scripted = this.nextSubmits.shift();
      if (scripted) return this.json(response, scripted[0], scripted[1]);
      const id = randomUUID();
      this.owners.set(id, key);
      const now = Math.floor(Date.now() / 1000);
      this.tasks.set(id, { task_id: id, action: submit[1] === 'music' ? 'MUSIC' : 'LYRICS', status: 'SUBMITTED', fail_reason: '', submit_time: now, start_time: 0, finish_time: 0, progress: '0%', data: null });
      return this.json(response, 200, { code: 'success', message: '', data: id });
    }
    const known = (id: string) => (this.owners.get(id) === key ? this.tasks.get(id) : undefined);
    if (path === '/suno/fetch' && request.method === 'POST') {
      const ids = Array.isArray(body.ids) ? (body.ids as string[]) : [];
      return this.json(response, 200, { code: 'success', message: '', data: ids.flatMap((id) => known(id) ?? []) });
    }
    const one = /^\/suno\/fetch\/([^/]+)$/.exec(path);
    if (one && known(one[1])) return this.json(response, 200, { code: 'success', message: '', data: known(one[1]) });
    this.json(response, 404, { code: 'task_not_exist', message: 'task_not_exist', data: null });
  }

  update(id: string, changes: Partial<MockSunoTask>): MockSunoTask {
    const task = this.tasks.get(id);
    if (!task) throw new Error(`no mock task ${id}`);
    Object.assign(task, changes);
    return task;
  }

  callsTo(path: string): MockSunoRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  private json(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
}
