/** The parts of Google's Gemini API (v1beta generateContent) that the relay reads and writes. */

export interface GeminiPart {
  text?: string;
  /** A part of the model's reasoning rather than its answer. */
  thought?: boolean;
  /** Opaque state of the model's reasoning, to be sent back unchanged on the same part next turn. */
  thoughtSignature?: string;
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType: string; fileUri: string };
  functionCall?: { id?: string; name: string; args?: Record<string, unknown> };
  functionResponse?: { name: string; response: Record<string, unknown> };
}

export interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiPart[];
}

export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  /** Full JSON Schema, as OpenAI clients write it (`parameters` would take only an OpenAPI subset). */
  parametersJsonSchema?: unknown;
}

/**
 * How much the model thinks: Gemini 3 takes a level, Gemini 2.5 a token budget (0 turns it off
 * where the model allows it); one request may not set both. includeThoughts asks for the thought
 * summaries as `thought` parts.
 */
export interface GeminiThinkingConfig {
  thinkingBudget?: number;
  thinkingLevel?: string;
  includeThoughts?: boolean;
}

export interface GeminiRequest {
  contents: GeminiContent[];
  systemInstruction?: { parts: GeminiPart[] };
  generationConfig?: {
    temperature?: number;
    topP?: number;
    maxOutputTokens?: number;
    stopSequences?: string[];
    thinkingConfig?: GeminiThinkingConfig;
  };
  tools?: Array<{ functionDeclarations: GeminiFunctionDeclaration[] }>;
  toolConfig?: { functionCallingConfig: { mode: 'AUTO' | 'ANY' | 'NONE'; allowedFunctionNames?: string[] } };
}

export interface GeminiCandidate {
  index?: number;
  content?: { role?: string; parts?: GeminiPart[] };
  finishReason?: string;
}

/** A count of one modality (TEXT, IMAGE, VIDEO, AUDIO, DOCUMENT) in usageMetadata's details. */
export interface GeminiModalityCount {
  modality?: string;
  tokenCount?: number;
}

/**
 * Token counts as Gemini reports them: promptTokenCount includes the cached content; the
 * tool-use prompt (grounding, code execution) and the thoughts are counted apart, beside the
 * candidates' tokens.
 */
export interface GeminiUsageMetadata {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
  toolUsePromptTokenCount?: number;
  totalTokenCount?: number;
  promptTokensDetails?: GeminiModalityCount[];
  cacheTokensDetails?: GeminiModalityCount[];
  candidatesTokensDetails?: GeminiModalityCount[];
}

/** One reply of generateContent, or one event of streamGenerateContent. */
export interface GeminiResponse {
  candidates?: GeminiCandidate[];
  promptFeedback?: { blockReason?: string };
  usageMetadata?: GeminiUsageMetadata;
  modelVersion?: string;
  responseId?: string;
}
