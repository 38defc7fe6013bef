// An OpenAI-format upstream that answers at once: non-streamed JSON, or 10 chunks + usage + [DONE];
// at /v1/responses the Responses API's response object, or its typed events with the same 10 deltas;
// at /v1/messages an Anthropic Messages reply, or Anthropic's event sequence with the same 10 deltas.
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

const responsesUsage = { input_tokens: 12, input_tokens_details: { cached_tokens: 0 }, output_tokens: 10, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 22 };
const words = Array.from({ length: 10 }, (_, index) => `w${index} `);
const message = { id: 'msg_bench', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: words.join(''), annotations: [] }] };
const responseObject = (status, output, usage) => ({ id: 'resp_bench', object: 'response', created_at: 1, status, error: null, incomplete_details: null, model: 'bench-model', output, usage });
const responsesBody = JSON.stringify(responseObject('completed', [message], responsesUsage));
const responsesStreamBody = (() => {
  let sequence = 0;
  const event = (type, payload) => `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...payload })}\n\n`;
  const at = { item_id: message.id, output_index: 0, content_index: 0 };
  return [
    event('response.created', { response: responseObject('in_progress', [], null) }),
    event('response.in_progress', { response: responseObject('in_progress', [], null) }),
    event('response.output_item.added', { output_index: 0, item: { ...message, status: 'in_progress', content: [] } }),
    event('response.content_part.added', { ...at, part: { type: 'output_text', text: '', annotations: [] } }),
    ...words.map((delta) => event('response.output_text.delta', { ...at, delta })),
    event('response.output_text.done', { ...at, text: message.content[0].text }),
    event('response.content_part.done', { ...at, part: message.content[0] }),
    event('response.output_item.done', { output_index: 0, item: message }),
    event('response.completed', { response: responseObject('completed', [message], responsesUsage) }),
  ].join('');
})();

const anthropicMessage = (content, stopReason, usage) => ({ id: 'msg_bench', type: 'message', role: 'assistant', model: 'bench-claude', content, stop_reason: stopReason, stop_sequence: null, usage });
const messagesBody = JSON.stringify(anthropicMessage([{ type: 'text', text: words.join('') }], 'end_turn', { input_tokens: 12, output_tokens: 10 }));
const messagesStreamBody = (() => {
  const event = (type, payload) => `event: ${type}\ndata: ${JSON.stringify({ type, ...payload })}\n\n`;
  return [
    event('message_start', { message: anthropicMessage([], null, { input_tokens: 12, output_tokens: 1 }) }),
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    event('ping', {}),
    ...words.map((text) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } })),
    event('content_block_stop', { index: 0 }),
    event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 10 } }),
    event('message_stop', {}),
  ].join('');
})();

const server = createServer((request, response) => {
  const parts = [];
  request.on('data', (part) => parts.push(part));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(parts).toString() || '{}');
    if (request.url === '/v1/messages') {
      response.writeHead(200, { 'content-type': body.stream ? 'text/event-stream' : 'application/json' });
      response.end(body.stream ? messagesStreamBody : messagesBody);
    } else if (request.url === '/v1/responses') {
      response.writeHead(200, { 'content-type': body.stream ? 'text/event-stream' : 'application/json' });
      response.end(body.stream ? responsesStreamBody : responsesBody);
    } else if (body.stream) {
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
