import { http } from '@/api/http';

/** The server status object of GET /api/status (docs/console-api.md); booleans are real booleans. */
export interface SiteStatus {
  version?: string;
  start_time?: number;
  system_name?: string;
  logo?: string;
  footer_html?: string;
  server_address?: string;
  quota_per_unit?: number;
  display_in_currency?: boolean;
  display_token_stat?: boolean;
  default_collapse_sidebar?: boolean;
  enable_data_export?: boolean;
  data_export_default_time?: string;
  enable_monitor_data?: boolean;
  enable_drawing?: boolean;
  mj_notify_enabled?: boolean;
  chat_link?: string;
  chat_link2?: string;
  /** The Chats option as saved: new-api's one-key objects { name: link }; read through lib/chat-link. */
  chats?: unknown[];
  top_up_link?: string;
  /** Online top-up through Epay works: PayAddress, EpayId, EpayKey and ServerAddress are all set. */
  enable_online_topup?: boolean;
  /** Card payment through Stripe is configured (issue 34). */
  enable_stripe_topup?: boolean;
  price?: number;
  min_topup?: number;
  register_enabled?: boolean;
  /** Registration needs an existing user's invitation code (option InviteOnlyRegisterEnabled). */
  invite_only_register?: boolean;
  password_login_enabled?: boolean;
  /** Sign-in with a passkey is on (PasskeyLoginEnabled). */
  passkey_login?: boolean;
  password_register_enabled?: boolean;
  email_verification?: boolean;
  turnstile_check?: boolean;
  turnstile_site_key?: string;
  github_oauth?: boolean;
  github_client_id?: string;
  wechat_login?: boolean;
  wechat_qrcode?: string;
  /** The business contact shown in the login page's contact dialog (BusinessContact). */
  business_contact?: string;
  telegram_oauth?: boolean;
  telegram_bot_name?: string;
  linuxdo_oauth?: boolean;
  linuxdo_client_id?: string;
  /** Sign-in with the OpenID Connect provider is on (OidcEnabled). */
  oidc_enabled?: boolean;
  /** The OIDC button's name (OidcDisplayName), 'OIDC' by default. */
  oidc_name?: string;
  /** ArenaLeaderboardPublic: every user may read the whole site's arena leaderboard. */
  arena_leaderboard_public?: boolean;
}

export const getStatus = () => http.get<SiteStatus>('/api/status');
export const getNotice = () => http.get<string>('/api/notice');
export const getAbout = () => http.get<string>('/api/about');
/** The HomePageContent option: Markdown/HTML, or one web address to show in a frame; '' for none. */
export const getHomePageContent = () => http.get<string>('/api/home_page_content');
