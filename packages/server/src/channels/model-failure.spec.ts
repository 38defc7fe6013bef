import { describe, expect, it } from 'vitest';
import { errorCodesOf } from '../relay/relay-attempts';
import { meansModelGone } from './model-failure';

/** What the relay hands over: the provider's message and its error code and type. */
const textOf = (raw: object, message: string) => `${message} ${errorCodesOf(JSON.stringify(raw))}`.trim();

describe(meansModelGone.name, () => {
  const models = ['my-alias', 'claude-sonnet-4-20250514'];

  it('recognises each provider family saying it does not have the model', () => {
    const openAi = { error: { message: 'The model `gpt-9` does not exist or you do not have access to it.', type: 'invalid_request_error', param: null, code: 'model_not_found' } };
    expect(meansModelGone(404, textOf(openAi, openAi.error.message), ['gpt-9'])).toBe(true);

    const anthropic = { type: 'error', error: { type: 'not_found_error', message: 'model: claude-sonnet-4-20250514' } };
    expect(meansModelGone(404, textOf(anthropic, anthropic.error.message), models)).toBe(true);

    const gemini = {
      error: {
        code: 404,
        message: 'models/gemini-9-pro is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.',
        status: 'NOT_FOUND',
      },
    };
    expect(meansModelGone(404, textOf(gemini, gemini.error.message), ['gemini-9-pro'])).toBe(true);

    const azure = { error: { code: 'DeploymentNotFound', message: 'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.' } };
    expect(meansModelGone(404, textOf(azure, azure.error.message), ['gpt-4o'])).toBe(true);

    expect(meansModelGone(404, '模型不存在', ['qwen-max'])).toBe(true);
    expect(meansModelGone(404, 'Model not found', ['x'])).toBe(true);
    // Compatible providers that answer a missing model with 400 say so with the code.
    expect(meansModelGone(400, 'Invalid model model_not_found', ['deepseek-x'])).toBe(true);
  });

  it('leaves alone what is not about one model: a 404 naming no model, another model, other statuses', () => {
    expect(meansModelGone(404, '404 page not found', models)).toBe(false);
    expect(meansModelGone(404, 'The requested URL /v1/chat/completions does not exist on this server', models)).toBe(false);
    expect(meansModelGone(404, 'model: claude-3-opus not_found_error', models)).toBe(false);
    expect(meansModelGone(404, 'upstream says 404', models)).toBe(false);
    // Another gateway upstream with no channel for the model right now: its own trouble, not a missing model.
    expect(meansModelGone(503, 'No available channel for model my-alias model_not_found', models)).toBe(false);
    expect(meansModelGone(401, 'model_not_found', models)).toBe(false);
    expect(meansModelGone(400, 'The model my-alias does not exist', models)).toBe(false);
    expect(meansModelGone(429, 'Rate limit reached for my-alias', models)).toBe(false);
  });
});
