/** Channel type names by numeric id (spec 1 §3). */
export const CHANNEL_TYPES: ReadonlyArray<{ id: number; name: string }> = [
  { id: 1, name: 'OpenAI' },
  { id: 2, name: 'Midjourney Proxy' },
  { id: 5, name: 'Midjourney Proxy Plus' },
  { id: 36, name: 'Suno API' },
  { id: 4, name: 'Ollama' },
  { id: 14, name: 'Anthropic Claude' },
  { id: 33, name: 'AWS Claude' },
  { id: 41, name: 'Vertex AI' },
  { id: 3, name: 'Azure OpenAI' },
  { id: 34, name: 'Cohere' },
  { id: 39, name: 'Cloudflare' },
  { id: 43, name: 'DeepSeek' },
  { id: 44, name: 'DouBao' },
  { id: 45, name: 'BaiChuan' },
  { id: 46, name: 'StepFun' },
  { id: 15, name: 'Baidu Qianfan' },
  { id: 17, name: 'Alibaba Qwen' },
  { id: 18, name: 'iFlytek Spark' },
  { id: 16, name: 'Zhipu ChatGLM' },
  { id: 26, name: 'Zhipu GLM-4V' },
  { id: 24, name: 'Google Gemini' },
  { id: 11, name: 'Google PaLM2' },
  { id: 25, name: 'Moonshot' },
  { id: 19, name: '360' },
  { id: 23, name: 'Tencent Hunyuan' },
  { id: 31, name: '01.AI' },
  { id: 35, name: 'MiniMax' },
  { id: 37, name: 'Dify' },
  { id: 38, name: 'Jina' },
  { id: 40, name: 'SiliconCloud' },
  { id: 42, name: 'Mistral AI' },
  { id: 8, name: 'custom' },
  { id: 22, name: 'knowledge base FastGPT' },
  { id: 21, name: 'knowledge base AI Proxy' },
];

const CHANNEL_TYPE_NAMES = new Map(CHANNEL_TYPES.map((type) => [type.id, type.name]));

/** The provider name of a channel type, as models' `owned_by` shows it; unknown types are 'custom'. */
export function channelTypeName(type: number): string {
  return CHANNEL_TYPE_NAMES.get(type) ?? 'custom';
}
