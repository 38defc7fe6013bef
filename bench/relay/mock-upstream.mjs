// An OpenAI-format upstream that answers at once: non-streamed JSON, or 10 chunks + usage + [DONE].
import { createServer } from 'node:http';

const usage = { prompt_tokens: 12, completion_tokens: 10, total_tokens: 22 };
const completion = JSON.stringify({
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  created: 1,
  model: 'bench-model',
  choices: [{ index: 0, message: { role: 'assistant', content: 'one two three four five six seven eight nine ten' }, finish_reason: 'stop' }],
  usage,
});
const chunk = (content) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'bench-model', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
const streamBody =
  Array.from({ length: 10 }, (_, index) => chunk(`w${index} `)).join('') +
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1, model: 'bench-model', choices: [], usage })}\n\n` +
  'data: [DONE]\n\n';

const server = createServer((request, response) => {
  const parts = [];
  request.on('data', (part) => parts.push(part));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(parts).toString() || '{}');
    if (body.stream) {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(streamBody);
    } else {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(completion);
    }
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
