import type { ArenaVoteView, TalkingMode } from './arena';
/**
 * The multi-model compare chat (spec 3 §2.9–2.10, §3 Model / Model parameter config / Talking /
 * Conversation / Message, §4, §5, §8 Chat, §9): the shapes the console and the server exchange, the
 * rules both check and the messages both show. The calls are listed in docs/console-api.md "Compare chat".
 *
 * Words used here:
 * - a talking is one compare chat (the history list shows talkings);
 * - a conversation is one model's column in a talking;
 * - a message row is one exchange in a conversation: the user's query and the model's answer;
 * - a round groups the message rows that answer the same turn: the first row, its regenerated
 *   answers and its edited queries. `round_id` is the id of the round's first row; `query_id` is
 *   the row whose query a row answers (itself for the first row and for an edit).
 */

/** Spec 3 §9: at most 3 models compared at once. */
export const CHAT_MAX_MODELS = 3;
export const TALKING_NAME_MAX_LENGTH = 50;
export const TALKING_SUMMARY_MAX_LENGTH = 500;
/** A new chat is titled with the first 10 characters of its first message plus an ellipsis (spec 3 §5). */
export const CHAT_TITLE_CHARS = 10;
/** History page sizes (spec 3 §7: 10 in the history panel, 8 in the compare popup). */
export const CHAT_HISTORY_PAGE_SIZE = 10;
export const COMPARE_HISTORY_PAGE_SIZE = 8;
export const CHAT_PAGE_SIZE_MAX = 100;
/** Rounds per history page of one conversation (GET /relay/v1/conversation/{id}). */
export const CONVERSATION_HISTORY_LIMIT = 10;
export const CONVERSATION_HISTORY_LIMIT_MAX = 50;
/** The longest text of one user message. */
export const CHAT_QUERY_MAX_CHARS = 100_000;
/** Images attached to one message. */
export const CHAT_MAX_IMAGES = 9;
/** Chat uploads: images only, this many bytes each, this many per upload call. */
export const CHAT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const CHAT_UPLOAD_MAX_FILES = 9;
export const CHAT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** Spec 3 §5: the seed parameter. */
export const SEED_MIN = 0;
export const SEED_MAX = 100_000;
/** Spec 3 §4 scrolling. */
export const SCROLL_RESUME_PX = 30;
export const SCROLL_STREAMING_TOLERANCE_PX = 120;
export const SCROLL_CHECK_MS = 50;
export const SCROLL_TOP_LOAD_PX = 5;
export const SCROLL_TOP_THROTTLE_MS = 100;
/** Spec 3 §2.10 history popup. */
export const HISTORY_POPUP_WIDTH = 272;
export const HISTORY_POPUP_MAX_HEIGHT = 332;
export const HISTORY_LOAD_MORE_PX = 50;
export const HISTORY_RELOAD_AFTER_DELETE_MS = 500;

/** Vendors in the model picker's order (spec 3 §2.9); every other model is "other". */
export const CHAT_VENDORS = ['openai', 'anthropic', 'google', 'deepseek', 'zhipu', 'baidu', 'aliyun', 'other'] as const;
export type ChatVendor = (typeof CHAT_VENDORS)[number];
export const CHAT_VENDOR_LABELS: Record<ChatVendor, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  google: 'Google',
  deepseek: 'DeepSeek',
  zhipu: '智谱',
  baidu: '百度',
  aliyun: '阿里云百炼',
  other: '其他',
};

/** The vendor of a model, from its name (a gpt model served by any OpenAI-compatible channel is OpenAI's). */
export function vendorOfModel(model: string): ChatVendor {
  const name = model.toLowerCase();
  if (/^(gpt-|o\d|chatgpt|dall-e|text-embedding|tts-|whisper)/.test(name)) return 'openai';
  if (name.startsWith('claude')) return 'anthropic';
  if (/^(gemini|gemma|imagen)/.test(name)) return 'google';
  if (name.startsWith('deepseek')) return 'deepseek';
  if (/^(glm|chatglm|cogview|codegeex)/.test(name)) return 'zhipu';
  if (/^(ernie|qianfan)/.test(name)) return 'baidu';
  if (/^(qwen|qwq|qvq)/.test(name)) return 'aliyun';
  return 'other';
}

/** Capabilities the picker filters by (spec 3 §2.9 "capability filters"). */
export const CHAT_CAPABILITIES = ['vision', 'thinking'] as const;
export type ChatCapability = (typeof CHAT_CAPABILITIES)[number];
export const CHAT_CAPABILITY_LABELS: Record<ChatCapability, string> = { vision: '图片理解', thinking: '深度思考' };

/** A model as the chat pages list it (spec 3 §3 Model; GET /v1/models/lists). */
export interface ChatModelView {
  id: string;
  name: string;
  owned_by: string;
  created: number;
  /** Accepts images. */
  is_viewable: boolean;
  /** Thinks before answering (reasoning shown apart). */
  is_deep_seek: boolean;
  is_funcable: boolean;
  format: string;
  /** The vendor (CHAT_VENDORS). */
  provider: ChatVendor;
  capabilities: ChatCapability[];
  sort_number: number;
  /** Context window in tokens; 0 when unknown. Shown with a K suffix. */
  max_token: number;
}

/** One tunable parameter of a model family (spec 3 §3 Model parameter config). */
export interface ModelParamRule {
  name: string;
  default: number;
  min: number;
  max: number;
  type: 'int' | 'float';
  /** Decimal places (0 for int). */
  precision: number;
}

/** How the console names each parameter (the API name is shown beside it). */
export const MODEL_PARAM_LABELS: Record<string, string> = {
  temperature: '温度',
  top_p: '核采样',
  top_k: '候选数',
  presence_penalty: '存在惩罚',
  frequency_penalty: '频率惩罚',
  max_tokens: '最大输出长度',
  seed: '随机种子',
};

/** The Chinese label of a parameter, or its API name when there is none. */
export const paramLabel = (name: string): string => MODEL_PARAM_LABELS[name] ?? name;

/** Saved or sent parameters: parameter name → number. */
export type ModelParams = Record<string, number>;

const rule = (name: string, value: number, min: number, max: number, precision: number): ModelParamRule => ({
  name,
  default: value,
  min,
  max,
  type: precision === 0 ? 'int' : 'float',
  precision,
});

const SEED = rule('seed', 0, SEED_MIN, SEED_MAX, 0);

/**
 * The parameters a model takes, by family (GET /v1/models/model_default_rule). Defaults are the
 * spec's (temperature 0.7, top_p 1, top_k 0, penalties 0). enable_thinking is never listed: the
 * landing page's thinking switch sets it.
 */
export function paramRulesFor(model: string): ModelParamRule[] {
  const name = model.toLowerCase();
  const vendor = vendorOfModel(name);
  // OpenAI's reasoning models take no sampling parameters.
  if (vendor === 'openai' && /^o\d/.test(name)) return [rule('max_tokens', 4096, 1, 100_000, 0), SEED];
  if (vendor === 'anthropic') {
    return [rule('temperature', 0.7, 0, 1, 1), rule('top_p', 1, 0, 1, 2), rule('top_k', 0, 0, 500, 0), rule('max_tokens', 4096, 1, 64_000, 0)];
  }
  if (vendor === 'google') {
    return [rule('temperature', 0.7, 0, 2, 1), rule('top_p', 1, 0, 1, 2), rule('top_k', 0, 0, 100, 0), rule('max_tokens', 4096, 1, 65_536, 0), SEED];
  }
  return [
    rule('temperature', 0.7, 0, 2, 1),
    rule('top_p', 1, 0, 1, 2),
    rule('presence_penalty', 0, -2, 2, 1),
    rule('frequency_penalty', 0, -2, 2, 1),
    rule('max_tokens', 4096, 1, 128_000, 0),
    SEED,
  ];
}

/** The defaults of a model's parameters. */
export function defaultParams(rules: readonly ModelParamRule[]): ModelParams {
  return Object.fromEntries(rules.map((item) => [item.name, item.default]));
}

/** Spec 3 §5: the input step of a parameter: 1 for int, otherwise 10^-precision (0.01 without one). */
export function paramStep(item: ModelParamRule): number {
  if (item.type === 'int') return 1;
  return item.precision > 0 ? 10 ** -item.precision : 0.01;
}

/**
 * Checks parameters against a model's rules: every name known, every value a finite number within
 * min..max, an integer for int rules, at most `precision` decimals. Returns the first problem as a
 * message to show, or null.
 */
export function checkModelParams(params: unknown, rules: readonly ModelParamRule[]): string | null {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return '模型参数必须是对象';
  const byName = new Map(rules.map((item) => [item.name, item]));
  for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
    const item = byName.get(name);
    if (!item) return `该模型不支持参数 ${name}`;
    if (typeof value !== 'number' || !Number.isFinite(value)) return `参数 ${name} 必须是数字`;
    if (value < item.min || value > item.max) return `参数 ${name} 必须在 ${item.min} 到 ${item.max} 之间`;
    if (item.type === 'int' && !Number.isInteger(value)) return `参数 ${name} 必须是整数`;
    if (item.type === 'float' && Math.abs(Math.round(value * 10 ** item.precision) - value * 10 ** item.precision) > 1e-6) {
      return `参数 ${name} 最多保留 ${item.precision} 位小数`;
    }
  }
  return null;
}

/** A part of a user message (OpenAI's content parts; spec 3 §3 User message). */
export type ChatContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string; detail?: 'auto' | 'low' | 'high' } };
/** What the user sent: text, or parts with images. */
export type ChatUserContent = string | ChatContentPart[];

/** The text of a user message, without its images. */
export function textOfContent(content: ChatUserContent): string {
  if (typeof content === 'string') return content;
  return content
    .filter((part): part is { type: 'text'; text: string } => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
}

/** Spec 3 §5: a new chat's title: the first 10 characters and an ellipsis when longer. */
export function chatTitleOf(text: string): string {
  const characters = Array.from(text.trim().replace(/\s+/g, ' '));
  if (characters.length === 0) return '新对话';
  return characters.length > CHAT_TITLE_CHARS ? `${characters.slice(0, CHAT_TITLE_CHARS).join('')}...` : characters.join('');
}

/** A compare chat (spec 3 §3 Talking). */
export interface TalkingView {
  id: number;
  name: string;
  summary: string;
  /** 'arena': a blind battle (arena.ts). */
  mode: TalkingMode;
  /** The tag the leaderboard groups battles by; '' for none. */
  category: string;
  /** An arena talking whose models are shown: a round was voted. */
  revealed: boolean;
  /** Unix seconds. */
  created_at: number;
  /** Unix seconds: the last message or rename. */
  updated_at: number;
}

/** One model's column in a talking (spec 3 §3 Conversation per model). */
export interface ConversationView {
  id: number;
  talking_id: number;
  /** In a battle not yet voted: 模型 A / B / C (arenaModelName). */
  model_name: string;
  /** Its place in a battle (A, B, C); '' outside the arena. */
  arena_label: string;
  /** Message rows in the conversation (every variant counts). */
  dialogue_count: number;
  created_at: number;
  updated_at: number;
}

export const CHAT_MESSAGE_STATUSES = ['streaming', 'done', 'stopped', 'error'] as const;
export type ChatMessageStatus = (typeof CHAT_MESSAGE_STATUSES)[number];

/** One exchange of a conversation (spec 3 §3 Message), with what it cost and how fast it came. */
export interface ChatMessageView {
  id: number;
  conversation_id: number;
  model_name: string;
  /** The text of the user's message. */
  query: string;
  /** The user's message as sent: text, or parts with images. */
  message: ChatUserContent;
  answer: string;
  /** The reasoning the model showed before its answer. */
  thinking: string;
  /** Set on a regenerated answer: the row it was regenerated from. */
  last_id: number | null;
  /** Set on an edited query: the row whose query was edited. */
  last_edit_id: number | null;
  round_id: number;
  query_id: number;
  /** Characters of the answer the user saw when they stopped it; null when not stopped. */
  stop_index: number | null;
  status: ChatMessageStatus;
  /** Why the answer failed; '' otherwise. */
  error: string;
  /** Quota charged for the answer (500000 = 1 USD). */
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Milliseconds from the request to the first token; 0 when none came. */
  first_token_ms: number;
  /** Milliseconds from the request to the end of the answer. */
  duration_ms: number;
  created_at: number;
  updated_at: number;
}

/**
 * GET /relay/v1/conversation/{id}?limit&updated_time: up to `limit` rounds, every variant of each,
 * in the order the model sees them (a round's place is its latest row: a regenerated or edited
 * round moves to the end). `updated_time` is the `next_cursor` of the previous page (opaque).
 */
export interface ConversationHistory {
  conversation: ConversationView;
  messages: ChatMessageView[];
  /** Earlier rounds exist. */
  has_more: boolean;
  /** Pass as `updated_time` to load the rounds before these; null when there are none. */
  next_cursor: number | null;
}

/** GET /relay/v1/talking/{id}: a talking with its model columns. */
export interface TalkingDetail {
  talking: TalkingView;
  conversations: ConversationView[];
  /** An arena battle's vote once it is voted (null before); absent for a plain talking. */
  arena_vote?: ArenaVoteView | null;
}

/** A page of a chat list call (`page` from 1). */
export interface ChatPage<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

/** One stored chat upload (POST /relay/v1/talking/upload_files → data.results). */
export interface ChatUploadView {
  id: number;
  name: string;
  type: string;
  size: number;
  /** Where the browser shows it and what a message's image_url carries. */
  oss_url: string;
}

/**
 * The first event of a compare chat stream names the stored message; the last one before [DONE]
 * repeats it with the message as stored (cost and speed included) — the stream's own chunks are
 * OpenAI chat.completion.chunk objects in between.
 */
export interface ChatStreamHead {
  hr_message_id: number;
}
export interface ChatStreamTail {
  hr_message_id: number;
  hr_message: ChatMessageView;
}

/** The exports of a talking (GET /relay/v1/talking/{id}/export?format=). */
export const TALKING_EXPORT_FORMATS = ['markdown', 'json'] as const;
export type TalkingExportFormat = (typeof TALKING_EXPORT_FORMATS)[number];

/** Spec 3 §5, §8 Chat: the messages, Chinese as the console shows them. */
export const MSG_CHAT_MODEL_CONFIG_FAILED = '获取模型默认配置失败';
export const MSG_CHAT_USER_CONFIG_FAILED = '获取用户模型配置失败';
export const MSG_CHAT_SET_CONFIG_FAILED = '设置模型默认配置失败';
export const MSG_CHAT_PARAMS_FAILED = '获取模型参数失败';
export const MSG_CHAT_HISTORY_FAILED = '加载历史对话失败';
export const MSG_CHAT_CREATE_FAILED = '创建对话失败';
export const MSG_CHAT_DELETE_ABNORMAL = '删除失败：接口返回异常';
export const MSG_CHAT_RENAME_FAILED = '重命名失败';
export const MSG_CHAT_SESSION_CREATE_FAILED = '创建会话失败';
export const MSG_CHAT_INIT_FAILED = '初始化对话失败';
export const MSG_CHAT_SESSION_CREATE_FAILED_WITH = (message: string) => `会话创建失败: ${message}`;
export const MSG_CHAT_SEND_FAILED = '发送消息失败';
export const MSG_CHAT_STOP_FAILED = '停止消息失败';
export const MSG_CHAT_REGENERATE_FAILED = '重新生成失败';
export const MSG_CHAT_EDIT_FAILED = '编辑消息失败';
export const MSG_CHAT_SESSION_NOT_FOUND = '无法找到对应的会话';
export const MSG_CHAT_LOAD_HISTORY_FAILED = '加载历史消息失败';
export const MSG_CHAT_ALL_LOADED = '已加载所有对话';
export const MSG_CHAT_REGENERATE_NO_ID = '无法重新生成：缺少消息ID';
export const MSG_CHAT_EDIT_EMPTY = '编辑内容不能为空';
export const MSG_CHAT_NO_MULTIMODAL_TO_TEXT = '注意，不允许模型由多模态向文本切换!';
export const MSG_CHAT_CONNECT_FAILED = (status: number, text: string) => `连接失败: ${status} ${text}`;
export const MSG_CHAT_HTTP_ERROR = (status: number) => `HTTP error! status: ${status}`;
export const MSG_CHAT_NOT_EVENT_STREAM = '响应不是事件流';
export const MSG_CHAT_IMAGE_FAILED = '图片加载失败';
export const MSG_CHAT_DELETED = '删除成功';
export const MSG_CHAT_RENAMED = '重命名成功';
export const MSG_CHAT_PARAMS_APPLIED = '参数已应用';
export const MSG_CHAT_MODEL_ADDED = '已添加模型';
export const MSG_CHAT_MODEL_SWITCHED = '已切换模型';
export const MSG_CHAT_ALL_STOPPED = '已停止所有对话';
export const MSG_CHAT_NO_HISTORY = '暂无历史对话';
export const MSG_CHAT_NO_MORE_HISTORY = '没有更多历史对话';
export const MSG_CHAT_NO_MODEL = '未找到模型';
export const MSG_CHAT_NO_PARAMS = '该模型没有可配置的参数';
export const MSG_CHAT_RENAME_REQUIRED = '请输入对话名称';
export const MSG_CHAT_RENAME_TOO_LONG = `对话名称不能超过 ${TALKING_NAME_MAX_LENGTH} 个字符`;
export const MSG_CHAT_RENAME_TITLE = '重命名对话';
export const MSG_CHAT_MESSAGE_REQUIRED = '请输入消息内容或上传文件';
export const MSG_CHAT_MODEL_REQUIRED = '请至少选择一个模型';
export const MSG_CHAT_TOO_MANY_MODELS = `最多只能选择 ${CHAT_MAX_MODELS} 个模型`;
export const MSG_CHAT_MODEL_DUPLICATE = (name: string) => `模型 ${name} 已在列表中`;
export const MSG_CHAT_KEEP_ONE_MODEL = '请至少保留一个模型';
export const MSG_CHAT_NO_IMAGE_SUPPORT = '当前选择的模型不支持图片上传';
export const MSG_CHAT_SELECT_MODEL_FIRST = '请先选择模型';
export const MSG_CHAT_OSS_UPLOAD_FAILED = '文件上传到OSS失败';
export const MSG_CHAT_FILE_ID_MISSING = '未获取到文件ID';
export const MSG_CHAT_RESPONSE_FORMAT_ERROR = '响应格式错误';
export const MSG_CHAT_LANDING_TITLE = '可以选择多个模型进行对话';
export const MSG_CHAT_USAGE_HISTORY = '使用历史';
/** Server-side refusals. */
export const MSG_TALKING_NOT_FOUND = '对话不存在';
export const MSG_CONVERSATION_NOT_FOUND = '会话不存在';
export const MSG_CHAT_MESSAGE_NOT_FOUND = '消息不存在';
export const MSG_CHAT_MODEL_UNAVAILABLE = (model: string) => `模型 ${model} 当前不可用`;
