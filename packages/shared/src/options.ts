import { DEFAULT_COMPLETION_RATIOS, DEFAULT_MODEL_PRICES, DEFAULT_MODEL_RATIOS } from './default-ratios';
import {
  DEFAULT_AUDIO_COMPLETION_RATIOS,
  DEFAULT_AUDIO_RATIOS,
  DEFAULT_CACHE_RATIOS,
  DEFAULT_CREATE_CACHE_1H_RATIOS,
  DEFAULT_CREATE_CACHE_RATIOS,
  DEFAULT_IMAGE_COMPLETION_RATIOS,
  DEFAULT_IMAGE_RATIOS,
  DEFAULT_MODEL_TIERED_PRICING,
  DEFAULT_REASONING_RATIOS,
} from './default-token-ratios';

/**
 * Every option key of spec 1 §3 with its default and the rule the server enforces (spec 1 §5).
 * Values travel as strings; booleans as 'true' / 'false'.
 */
export type OptionKind = 'boolean' | 'string' | 'int' | 'float' | 'json' | 'url';

export interface OptionDefinition {
  kind: OptionKind;
  default: string;
  /** Lowest accepted number for int / float options. */
  min?: number;
  /** Never returned in clear by the API and encrypted at rest. */
  secret?: boolean;
  /** For json options: the shape the value must parse to. */
  json?: 'object' | 'array';
  /** For string options: the accepted values. */
  oneOf?: readonly string[];
  /** Message shown when a json option does not parse (spec 1 §5). */
  jsonMessage?: string;
  /**
   * For json objects: what every value must be (ratios are numbers of at least 0, group labels
   * strings, long-context prices lists of tiers as price-tiers.ts checks them).
   */
  jsonValues?: 'number' | 'string' | 'price-tiers';
}

const bool = (value: boolean): OptionDefinition => ({ kind: 'boolean', default: String(value) });
const str = (value = ''): OptionDefinition => ({ kind: 'string', default: value });
const secret = (): OptionDefinition => ({ kind: 'string', default: '', secret: true });
const int = (value: number, min = 0): OptionDefinition => ({ kind: 'int', default: String(value), min });
const float = (value: number, min = 0): OptionDefinition => ({ kind: 'float', default: String(value), min });
const url = (): OptionDefinition => ({ kind: 'url', default: '' });
const jsonObject = (value: string, jsonValues: NonNullable<OptionDefinition['jsonValues']>, jsonMessage?: string): OptionDefinition => ({
  kind: 'json',
  json: 'object',
  default: value,
  jsonValues,
  jsonMessage,
});
const jsonArray = (value = '[]'): OptionDefinition => ({ kind: 'json', json: 'array', default: value });

export const RATIO_JSON_MESSAGE = '不是合法的 JSON 字符串';
export const TOPUP_GROUP_RATIO_MESSAGE = '充值分组倍率不是合法的 JSON 字符串';

const DEFINITIONS = {
  // Login and registration
  PasswordLoginEnabled: bool(true),
  // Administrators (role ≥ 10) without two-factor sign-in are refused on every administrators' route (docs/security.md).
  TwoFactorRequiredForAdmins: bool(false),
  // Sign-in with a passkey (WebAuthn, docs/security.md "Passkeys"); registering one stays allowed when off.
  PasskeyLoginEnabled: bool(true),
  PasswordRegisterEnabled: bool(true),
  RegisterEnabled: bool(true),
  // Sign-up by invitation (spec 1 §1): a new account needs an existing user's invitation code.
  InviteOnlyRegisterEnabled: bool(true),
  EmailVerificationEnabled: bool(false),
  EmailDomainRestrictionEnabled: bool(false),
  EmailAliasRestrictionEnabled: bool(false),
  EmailDomainWhitelist: str('gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com'),
  // GitHub
  GitHubOAuthEnabled: bool(false),
  GitHubClientId: str(),
  GitHubClientSecret: secret(),
  // WeChat
  WeChatAuthEnabled: bool(false),
  WeChatServerAddress: url(),
  WeChatServerToken: secret(),
  WeChatAccountQRCodeImageURL: str(),
  // Telegram
  TelegramOAuthEnabled: bool(false),
  TelegramBotToken: secret(),
  TelegramBotName: str(),
  // LinuxDO
  LinuxDOOAuthEnabled: bool(false),
  LinuxDOClientId: str(),
  LinuxDOClientSecret: secret(),
  // LinuxDO trust levels run 0 (new) to 4 (leader); sign-in and binding below this level are refused.
  LinuxDOMinimumTrustLevel: int(0, 0),
  // Generic OpenID Connect (issue 31): discovery at <OidcIssuer>/.well-known/openid-configuration; the
  // account is the ID token's `sub` at this issuer (docs/configuration.md). OidcDisplayName is the button's label.
  OidcEnabled: bool(false),
  OidcIssuer: url(),
  OidcClientId: str(),
  OidcClientSecret: secret(),
  OidcScopes: str('openid profile email'),
  OidcUsernameClaim: str('preferred_username'),
  OidcDisplayName: str('OIDC'),
  // Turnstile. Every key ending in Key is kept out of the option list; the site key is still published
  // in /api/status, where the widget needs it.
  TurnstileCheckEnabled: bool(false),
  TurnstileSiteKey: secret(),
  TurnstileSecretKey: secret(),
  // SMTP
  SMTPServer: str(),
  SMTPPort: int(587, 1),
  SMTPAccount: str(),
  SMTPFrom: str(),
  SMTPToken: secret(),
  SMTPSSLEnabled: bool(false),
  // Addresses and payment
  ServerAddress: url(),
  WorkerUrl: url(),
  WorkerValidKey: secret(),
  EpayId: str(),
  EpayKey: secret(),
  Price: float(7.3, 0),
  MinTopUp: int(1, 1),
  TopupGroupRatio: jsonObject('{"default":1,"vip":1,"svip":1}', 'number', TOPUP_GROUP_RATIO_MESSAGE),
  PayAddress: url(),
  CustomCallbackAddress: url(),
  // Stripe (issue 34): card payments through Checkout. The secret key (sk_…) and the webhook
  // endpoint's signing secret (whsec_…) are sealed at rest; StripeUnitPrice is what one dollar of
  // quota costs in US dollars (before TopupGroupRatio).
  StripeApiSecret: secret(),
  StripeWebhookSecret: secret(),
  StripeUnitPrice: float(1, 0),
  TopUpLink: str(),
  /** Shown in the login page's contact dialog beside the QR code (spec 1 §1): an e-mail, a phone number or a web address. */
  BusinessContact: str(),
  // Branding
  Notice: str(),
  Footer: str(),
  SystemName: str('AI 模型网关'),
  Logo: str(),
  About: str(),
  HomePageContent: str(),
  // Other
  SqlDsns: secret(),
  ChatLink: str(),
  ChatLink2: str(),
  Chats: jsonArray('[]'),
  // Display
  QuotaPerUnit: float(500000, 0),
  DisplayInCurrencyEnabled: bool(true),
  DisplayTokenStatEnabled: bool(true),
  DefaultCollapseSidebar: bool(false),
  // Retry
  RetryTimes: int(2, 0),
  // Sticky routing (DESIGN.md §5.9): a client session goes back to the channel and key that served
  // it, for prompt caches; by token: a request naming no session uses its token as one.
  ChannelAffinityEnabled: bool(true),
  ChannelAffinityTTL: int(3600, 1),
  ChannelAffinityByTokenEnabled: bool(false),
  // The route a relayed request took, as the X-Gateway-Route response header.
  RouteHeaderEnabled: bool(false),
  OverheadHeaderEnabled: bool(false),
  // Drawing
  DrawingEnabled: bool(false),
  MjNotifyEnabled: bool(false),
  MjAccountFilterEnabled: bool(false),
  MjForwardUrlEnabled: bool(false),
  MjModeClearEnabled: bool(false),
  MjActionCheckSuccessEnabled: bool(true),
  // Sensitive words
  CheckSensitiveEnabled: bool(false),
  CheckSensitiveOnPromptEnabled: bool(false),
  CheckSensitiveOnCompletionEnabled: bool(false),
  StopOnSensitiveEnabled: bool(true),
  SensitiveWords: str(''),
  // Logging and export
  LogConsumeEnabled: bool(true),
  LogReqInfoEnabled: bool(false),
  // Bearer token of GET /metrics (Prometheus); empty: the endpoint answers 404.
  MetricsToken: secret(),
  DataExportEnabled: bool(true),
  DataExportInterval: int(5, 1),
  DataExportDefaultTime: { kind: 'string', default: 'hour', oneOf: ['hour', 'day', 'week'] } as OptionDefinition,
  // Days the audit log of administrative changes keeps its rows (issue 31); older rows are deleted by a job.
  AuditLogRetentionDays: int(365, 1),
  // Compare chat arena (issue 33): every user may read the whole site's leaderboard; votes on
  // answers that name a model ("I am GPT-4") are left out of the ratings.
  ArenaLeaderboardPublic: bool(false),
  ArenaDropSelfIdentified: bool(false),
  // Subscriptions (issue 34): once a plan's period quota is used up, relay calls go on drawing
  // from the wallet; off, they are refused until the period resets.
  SubscriptionWalletFallback: bool(true),
  // Monitoring
  MonitorInterval: int(1, 1),
  ChannelDisableThreshold: float(5, 0),
  QuotaRemindThreshold: int(1000, 0),
  RespTimeTooLongThreshold: float(60, 0),
  AvgRespTimeThreshold: float(30, 0),
  AutomaticDisableChannelEnabled: bool(false),
  AutomaticEnableChannelEnabled: bool(false),
  AlertEnabled: bool(false),
  AlertWebHookUrl: url(),
  // Outbound addresses (docs/security.md): off, channel base URLs and the addresses upstreams give
  // (task pictures) may not reach loopback or private addresses, so whoever edits a channel cannot
  // probe this host or its network; a super administrator turns it on for a local model server.
  ChannelPrivateAddressEnabled: bool(false),
  AutomaticDisableKeywords: str(
    [
      'Your credit balance is too low',
      'This organization has been disabled.',
      'You exceeded your current quota',
      'Permission denied',
      'The security token included in the request is invalid',
      'Operation not allowed',
      'Your account is not authorized',
    ].join('\n'),
  ),
  StreamCacheQueueLength: int(0, 0),
  // Quota
  QuotaForNewUser: int(0, 0),
  PreConsumedQuota: int(500, 0),
  QuotaForInviter: int(0, 0),
  QuotaForInvitee: int(0, 0),
  // Ratios (JSON)
  ModelPrice: jsonObject(JSON.stringify(DEFAULT_MODEL_PRICES), 'number', RATIO_JSON_MESSAGE),
  ModelRatio: jsonObject(JSON.stringify(DEFAULT_MODEL_RATIOS), 'number', RATIO_JSON_MESSAGE),
  CompletionRatio: jsonObject(JSON.stringify(DEFAULT_COMPLETION_RATIOS), 'number', RATIO_JSON_MESSAGE),
  // The other token kinds, per model (issue 29; new-api's names): multipliers of the prompt price,
  // AudioCompletionRatio of the audio prompt price, ReasoningRatio of the completion price (default-token-ratios.ts).
  CacheRatio: jsonObject(JSON.stringify(DEFAULT_CACHE_RATIOS), 'number', RATIO_JSON_MESSAGE),
  CreateCacheRatio: jsonObject(JSON.stringify(DEFAULT_CREATE_CACHE_RATIOS), 'number', RATIO_JSON_MESSAGE),
  CreateCache1hRatio: jsonObject(JSON.stringify(DEFAULT_CREATE_CACHE_1H_RATIOS), 'number', RATIO_JSON_MESSAGE),
  AudioRatio: jsonObject(JSON.stringify(DEFAULT_AUDIO_RATIOS), 'number', RATIO_JSON_MESSAGE),
  AudioCompletionRatio: jsonObject(JSON.stringify(DEFAULT_AUDIO_COMPLETION_RATIOS), 'number', RATIO_JSON_MESSAGE),
  ImageRatio: jsonObject(JSON.stringify(DEFAULT_IMAGE_RATIOS), 'number', RATIO_JSON_MESSAGE),
  ImageCompletionRatio: jsonObject(JSON.stringify(DEFAULT_IMAGE_COMPLETION_RATIOS), 'number', RATIO_JSON_MESSAGE),
  ReasoningRatio: jsonObject(JSON.stringify(DEFAULT_REASONING_RATIOS), 'number', RATIO_JSON_MESSAGE),
  // Long-context prices: {model: [{above_prompt_tokens, prompt_multiplier, completion_multiplier}]} (price-tiers.ts).
  ModelTieredPricing: jsonObject(JSON.stringify(DEFAULT_MODEL_TIERED_PRICING), 'price-tiers', RATIO_JSON_MESSAGE),
  GroupRatio: jsonObject('{"default":1,"vip":1,"svip":1}', 'number', RATIO_JSON_MESSAGE),
  UserUsableGroups: jsonObject('{"default":"默认分组","vip":"vip分组"}', 'string', RATIO_JSON_MESSAGE),
} satisfies Record<string, OptionDefinition>;

export type OptionKey = keyof typeof DEFINITIONS;
export const OPTION_DEFINITIONS: Readonly<Record<OptionKey, OptionDefinition>> = DEFINITIONS;
export const OPTION_KEYS = Object.keys(OPTION_DEFINITIONS) as OptionKey[];

export function isOptionKey(key: string): key is OptionKey {
  return Object.prototype.hasOwnProperty.call(OPTION_DEFINITIONS, key);
}

/** Address options whose trailing slashes are stripped (spec 1 §5). */
export const ADDRESS_OPTION_KEYS: readonly OptionKey[] = ['ServerAddress', 'WorkerUrl', 'PayAddress', 'CustomCallbackAddress', 'WeChatServerAddress'];

export const stripTrailingSlashes = (value: string): string => value.replace(/\/+$/, '');
