// The baseline: a bare undici pass-through proxy with keep-alive, no auth, billing or logging.
import { createServer } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Agent, request } from 'undici';

const upstream = process.env.UPSTREAM;
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 256 });

const server = createServer(async (incoming, outgoing) => {
  const parts = [];
  for await (const part of incoming) parts.push(part);
  try {
    const reply = await request(`${upstream}${incoming.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer upstream' },
      body: Buffer.concat(parts),
      dispatcher: agent,
    });
    outgoing.writeHead(reply.statusCode, { 'content-type': reply.headers['content-type'] });
    await pipeline(reply.body, outgoing);
  } catch (error) {
    // A client that hangs up mid-stream (a load generator stopping) fails the pipeline after the head.
    if (outgoing.headersSent) outgoing.destroy();
    else outgoing.writeHead(502).end(String(error));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
