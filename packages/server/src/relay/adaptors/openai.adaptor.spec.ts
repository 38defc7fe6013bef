import { describe, expect, it } from 'vitest';
import type { RelayChannel, RelayContext } from '../relay-context';
import { RelayError } from '../relay-error';
import { relayChannel, relayContext } from '../test-factories';
import { createAdaptorRegistry } from './index';
import { OpenAiAdaptor } from './openai.adaptor';

const registry = createAdaptorRegistry();

const context = (channel: Partial<RelayChannel>, fields: Partial<RelayContext> = {}): RelayContext =>
  relayContext({ channel: relayChannel({ name: 'compatible', ...channel }), ...fields });

/** Where a channel of `type` sends a chat request and an embeddings request, through the adaptor the registry gives that type. */
function urls(channel: Partial<RelayChannel>, fields: Partial<RelayContext> = {}): { chat: string; embeddings: string } {
  const provider = registry.forType(channel.type ?? 1);
  const chat = provider.chat!.chatRequest(context(channel, { mode: 'chat', ...fields }), { model: 'm', messages: [{ role: 'user', content: 'Hi' }] });
  const embeddings = provider.passthrough!.adaptor.passthroughRequest(context(channel, { mode: 'embeddings', ...fields }), '{"input":"Hi"}', 'application/json');
  return { chat: chat.url, embeddings: embeddings.url };
}

describe(OpenAiAdaptor.name, () => {
  /** Each provider's API root as its own documentation gives it. */
  it.each([
    [1, 'OpenAI', 'https://api.openai.com/v1'],
    [4, 'Ollama', 'http://127.0.0.1:11434/v1'],
    [15, 'Baidu Qianfan v2', 'https://qianfan.baidubce.com/v2'],
    [16, 'Zhipu ChatGLM', 'https://open.bigmodel.cn/api/paas/v4'],
    [17, 'Alibaba Qwen (DashScope compatible mode)', 'https://dashscope.aliyuncs.com/compatible-mode/v1'],
    [18, 'iFlytek Spark HTTP', 'https://spark-api-open.xf-yun.com/v1'],
    [22, 'FastGPT', 'https://cloud.fastgpt.cn/api/v1'],
    [23, 'Tencent Hunyuan', 'https://api.hunyuan.cloud.tencent.com/v1'],
    [25, 'Moonshot', 'https://api.moonshot.cn/v1'],
    [26, 'Zhipu GLM-4V', 'https://open.bigmodel.cn/api/paas/v4'],
    [31, '01.AI', 'https://api.lingyiwanwu.com/v1'],
    [35, 'MiniMax', 'https://api.minimaxi.com/v1'],
    [38, 'Jina', 'https://api.jina.ai/v1'],
    [40, 'SiliconCloud', 'https://api.siliconflow.cn/v1'],
    [42, 'Mistral AI', 'https://api.mistral.ai/v1'],
    [43, 'DeepSeek', 'https://api.deepseek.com/v1'],
    [44, 'DouBao (Volcengine Ark)', 'https://ark.cn-beijing.volces.com/api/v3'],
    [45, 'BaiChuan', 'https://api.baichuan-ai.com/v1'],
    [46, 'StepFun', 'https://api.stepfun.com/v1'],
  ])('sends type %i (%s) without a base URL to %s', (type, _name, root) => {
    expect(urls({ type, baseUrl: '' })).toEqual({ chat: `${root}/chat/completions`, embeddings: `${root}/embeddings` });
  });

  it.each([
    [1, 'https://gateway.example.com', 'https://gateway.example.com/v1'],
    [4, 'http://gpu-box:11434', 'http://gpu-box:11434/v1'],
    [16, 'https://zhipu-proxy.example.com', 'https://zhipu-proxy.example.com/api/paas/v4'],
    [17, 'https://dashscope-intl.aliyuncs.com', 'https://dashscope-intl.aliyuncs.com/compatible-mode/v1'],
    [22, 'http://fastgpt.internal:3000', 'http://fastgpt.internal:3000/api/v1'],
    [35, 'https://api.minimax.io', 'https://api.minimax.io/v1'],
    [43, 'https://deepseek-proxy.example.com', 'https://deepseek-proxy.example.com/v1'],
    [44, 'https://ark.ap-southeast.bytepluses.com', 'https://ark.ap-southeast.bytepluses.com/api/v3'],
    [21, 'https://kb.example.com', 'https://kb.example.com/v1'],
  ])("puts type %i under the channel's base URL %s", (type, baseUrl, root) => {
    expect(urls({ type, baseUrl })).toEqual({ chat: `${root}/chat/completions`, embeddings: `${root}/embeddings` });
  });

  it('sends a custom channel (type 8) to its full URL, with {model} replaced by the mapped model', () => {
    const sent = urls({ type: 8, baseUrl: 'https://llm.example.com/deployments/{model}/invoke' }, { requestModel: 'gpt-4o', upstreamModel: 'team/gpt-4o mini' });
    expect(sent).toEqual({ chat: 'https://llm.example.com/deployments/team%2Fgpt-4o%20mini/invoke', embeddings: 'https://llm.example.com/deployments/team%2Fgpt-4o%20mini/invoke' });
  });

  it("refuses a type with no default host and no base URL instead of sending its key to OpenAI", () => {
    expect(() => urls({ type: 21, baseUrl: '' })).toThrow(RelayError);
    expect(() => urls({ type: 19, baseUrl: '' })).toThrow(expect.objectContaining({ status: 500, code: 'channel_base_url_missing' }));
  });

  it('sends the mapped model with the key as a bearer token, and asks for usage in streams', () => {
    const sut = new OpenAiAdaptor();
    const call = sut.chatRequest(context({ type: 43, key: 'sk-deepseek', organization: '' }, { stream: true, upstreamModel: 'deepseek-chat' }), {
      model: 'ds',
      stream: true,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(call.headers).toEqual({ authorization: 'Bearer sk-deepseek', 'content-type': 'application/json' });
    expect(JSON.parse(call.body as string)).toEqual({ model: 'deepseek-chat', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'Hi' }] });
  });
});
