/** Cohere's chat v2 API (POST /v2/chat), the parts the relay reads and writes. */

export interface CohereToolCall {
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

export type CohereUserContent = string | Array<{ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: string } }>;

export type CohereMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: CohereUserContent }
  | { role: 'assistant'; content?: string; tool_plan?: string; tool_calls?: CohereToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface CohereRequest {
  model: string;
  messages: CohereMessage[];
  stream: boolean;
  tools?: Array<{ type: 'function'; function: { name: string; description?: string; parameters?: unknown } }>;
  tool_choice?: 'REQUIRED' | 'NONE';
  max_tokens?: number;
  temperature?: number;
  p?: number;
  k?: number;
  seed?: number;
  stop_sequences?: string[];
  frequency_penalty?: number;
  presence_penalty?: number;
  response_format?: { type: 'text' } | { type: 'json_object'; json_schema?: unknown };
}

/** Tokens of a call: `billed_units` is what Cohere charges, `tokens` what the model read and wrote (with its template). */
export interface CohereUsage {
  billed_units?: { input_tokens?: number; output_tokens?: number };
  tokens?: { input_tokens?: number; output_tokens?: number };
}

export interface CohereContentPart {
  type?: 'text' | 'thinking';
  text?: string;
  thinking?: string;
}

export interface CohereResponse {
  id?: string;
  finish_reason?: string;
  message?: { role?: string; content?: CohereContentPart[]; tool_plan?: string; tool_calls?: CohereToolCall[] };
  usage?: CohereUsage;
}

/** One event of a v2 chat stream (its `type` also names the SSE event). */
export interface CohereStreamEvent {
  type?: string;
  id?: string;
  index?: number;
  delta?: {
    message?: { content?: CohereContentPart; tool_plan?: string; tool_calls?: CohereToolCall };
    finish_reason?: string;
    usage?: CohereUsage;
    error?: string;
  };
}
