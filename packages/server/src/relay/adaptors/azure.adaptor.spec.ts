import { describe, expect, it } from 'vitest';
import type { RelayChannel, RelayContext, RelayMode } from '../relay-context';
import { relayChannel, relayContext } from '../test-factories';
import { AzureAdaptor, azureProvider } from './azure.adaptor';

const channel = (fields: Partial<RelayChannel> = {}): RelayChannel => relayChannel({ type: 3, name: 'azure', baseUrl: 'https://contoso.openai.azure.com', key: 'azure-key', other: '', ...fields });

const context = (fields: Partial<RelayContext> = {}): RelayContext => relayContext({ mode: 'chat', requestModel: 'gpt-4o', upstreamModel: 'gpt-4o', channel: channel(), ...fields });

describe(AzureAdaptor.name, () => {
  const sut = new AzureAdaptor();
  const body = { model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] };

  it('calls the deployment named after the mapped model, with the default api-version and the api-key header', () => {
    const call = sut.chatRequest(context({ upstreamModel: 'gpt-4o-prod' }), body);
    expect(call.url).toBe('https://contoso.openai.azure.com/openai/deployments/gpt-4o-prod/chat/completions?api-version=2023-06-01-preview');
    expect(call.headers).toEqual({ 'content-type': 'application/json', 'api-key': 'azure-key' });
    expect(JSON.parse(call.body as string)).toEqual({ ...body, model: 'gpt-4o-prod' });
  });

  it('asks for stream usage on API versions that accept stream_options, and only there', () => {
    const streamed = { ...body, stream: true };
    const recent = sut.chatRequest(context({ stream: true, channel: channel({ other: '2024-10-21' }) }), streamed);
    expect(recent.url).toContain('?api-version=2024-10-21');
    expect(JSON.parse(recent.body as string).stream_options).toEqual({ include_usage: true });
    const preview = sut.chatRequest(context({ stream: true, channel: channel({ other: '2025-04-01-preview' }) }), streamed);
    expect(JSON.parse(preview.body as string).stream_options).toEqual({ include_usage: true });
    const old = sut.chatRequest(context({ stream: true }), streamed);
    expect(JSON.parse(old.body as string)).not.toHaveProperty('stream_options');
  });

  it.each<[RelayMode, string]>([
    ['completions', 'completions'],
    ['embeddings', 'embeddings'],
    ['images', 'images/generations'],
    ['speech', 'audio/speech'],
    ['translations', 'audio/translations'],
    ['image-edits', 'images/edits'],
  ])('puts %s at its deployment path', (mode, path) => {
    const call = sut.passthroughRequest(context({ mode, upstreamModel: 'dep' }), '{}', 'application/json');
    expect(call.url).toBe(`https://contoso.openai.azure.com/openai/deployments/dep/${path}?api-version=2023-06-01-preview`);
    expect(call.headers).not.toHaveProperty('authorization');
  });

  it('passes embeddings, images, image edits, speech, transcriptions and translations through, but not the modes Azure lacks', () => {
    const modes = azureProvider().passthrough!.modes;
    expect([...modes].sort()).toEqual(['embeddings', 'image-edits', 'images', 'speech', 'transcriptions', 'translations']);
  });

  it('reads Azure error bodies', () => {
    const raw = '{"error":{"code":"DeploymentNotFound","message":"The API deployment for this resource does not exist."}}';
    expect(sut.errorMessage(raw)).toBe('The API deployment for this resource does not exist.');
  });
});
