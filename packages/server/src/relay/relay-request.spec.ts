import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RelayError } from './relay-error';
import { readBody, readJsonBody } from './relay-request';

/** A request body as node:http gives it: a readable stream with headers. */
function body(chunks: Array<string | Error>, headers: Record<string, string> = {}): IncomingMessage {
  const stream = new Readable({
    read() {
      const next = chunks.shift();
      if (next === undefined) this.push(null);
      else if (next instanceof Error) this.destroy(next);
      else this.push(Buffer.from(next));
    },
  });
  return Object.assign(stream, { headers }) as unknown as IncomingMessage;
}

const failure = async (work: Promise<unknown>) => {
  const error = await work.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(RelayError);
  const { status, code, message } = error as RelayError;
  return { status, code, message };
};

describe('relay request bodies', () => {
  it('reads a JSON object sent in several pieces', async () => {
    expect(await readJsonBody(body(['{"model":', '"gpt-4o",', '"stream":true}']))).toEqual({ model: 'gpt-4o', stream: true });
  });

  it('refuses what is not a JSON object, in OpenAI terms', async () => {
    expect(await failure(readJsonBody(body([])))).toMatchObject({ status: 400, code: 'invalid_json', message: '请求体为空，需要 JSON 格式的请求参数' });
    expect(await failure(readJsonBody(body(['{"model": '])))).toMatchObject({ status: 400, message: '请求体不是有效的 JSON' });
    expect(await failure(readJsonBody(body(['"text"'])))).toMatchObject({ status: 400, message: '请求体必须是 JSON 对象' });
  });

  it('stops at the size limit, whether declared or streamed', async () => {
    expect(await failure(readBody(body(['x'], { 'content-length': '11' }), 10, '太大'))).toMatchObject({ status: 413, message: '太大' });
    expect(await failure(readBody(body(['123456', '789012']), 10, '太大'))).toMatchObject({ status: 413, code: 'request_too_large' });
  });

  it('turns a client that hung up mid-body into a client error, not a server fault', async () => {
    expect(await failure(readBody(body(['{"mo', new Error('aborted')]), 100, '太大'))).toMatchObject({ status: 400, code: 'request_aborted' });
  });
});
