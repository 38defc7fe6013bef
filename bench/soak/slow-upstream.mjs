// An OpenAI-format upstream that streams slowly: WORDS chunks CHUNK_MS apart, then usage and [DONE].
// Forked by soak/run.mjs on PORT; tells its parent once it listens.
import { createServer } from 'node:http';

const WORDS = Number(process.env.WORDS ?? 20);
const CHUNK_MS = Number(process.env.CHUNK_MS ?? 500);
const frame = (payload) => `data: ${JSON.stringify({ id: 'chatcmpl-soak', object: 'chat.completion.chunk', created: 1, model: 'soak-model', ...payload })}\n\n`;

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < WORDS) {
        response.write(frame({ choices: [{ index: 0, delta: { content: `w${sent} ` }, finish_reason: null }] }));
        sent += 1;
        return;
      }
      clearInterval(timer);
      response.write(frame({ choices: [], usage: { prompt_tokens: 12, completion_tokens: WORDS, total_tokens: 12 + WORDS } }));
      response.end('data: [DONE]\n\n');
    }, CHUNK_MS);
    response.on('close', () => clearInterval(timer));
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
