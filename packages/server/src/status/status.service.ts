import { Injectable } from '@nestjs/common';
import { nowSeconds } from '../common/time';
import { DatabaseHealth } from '../database/database-health';
import { OptionsService } from '../options/options.service';
import { stripeEnabled } from '../stripe/stripe-config';
import { onlineTopupEnabled } from '../payments/epay-config';
import { RedisService } from '../redis/redis.service';

/** The server's version (package.json), also the OpenAPI document's. */
export const VERSION: string = (require('../../package.json') as { version: string }).version;

/**
 * The public server status object (spec 1 §3) with version and start time (DESIGN.md §3), and
 * whether this instance reaches its database and Redis. The reply is 200 either way: a load
 * balancer that took every instance out while PostgreSQL restarts would only add to the outage.
 */
@Injectable()
export class StatusService {
  private readonly startTime = nowSeconds();

  constructor(
    private readonly options: OptionsService,
    private readonly database: DatabaseHealth,
    private readonly redis: RedisService,
  ) {}

  async status(): Promise<Record<string, unknown>> {
    const o = this.options;
    return {
      version: VERSION,
      start_time: this.startTime,
      // 'unreachable': relay calls and console pages that need it fail with 503 until it answers again.
      database: (await this.database.lastKnown()) ? 'ok' : 'unreachable',
      // 'unreachable': rate limits count in this instance's memory and queued jobs wait; 'off' without REDIS_URL.
      redis: !this.redis.enabled ? 'off' : this.redis.isUp() ? 'ok' : 'unreachable',
      system_name: o.get('SystemName'),
      logo: o.get('Logo'),
      footer_html: o.get('Footer'),
      server_address: o.get('ServerAddress'),
      quota_per_unit: o.getNumber('QuotaPerUnit'),
      display_in_currency: o.getBoolean('DisplayInCurrencyEnabled'),
      display_token_stat: o.getBoolean('DisplayTokenStatEnabled'),
      default_collapse_sidebar: o.getBoolean('DefaultCollapseSidebar'),
      enable_data_export: o.getBoolean('DataExportEnabled'),
      data_export_default_time: o.get('DataExportDefaultTime'),
      // The monitor panel reads the exported usage data, so it follows the same switch.
      enable_monitor_data: o.getBoolean('DataExportEnabled'),
      enable_drawing: o.getBoolean('DrawingEnabled'),
      mj_notify_enabled: o.getBoolean('MjNotifyEnabled'),
      chat_link: o.get('ChatLink'),
      chat_link2: o.get('ChatLink2'),
      // The chat pages read the entries; the option list itself is for root only.
      chats: o.getJson<unknown[]>('Chats'),
      top_up_link: o.get('TopUpLink'),
      price: o.getNumber('Price'),
      min_topup: o.getNumber('MinTopUp'),
      // The wallet page offers online payment only when the server would accept an order.
      enable_online_topup: onlineTopupEnabled(o),
      enable_stripe_topup: stripeEnabled(o),
      register_enabled: o.getBoolean('RegisterEnabled'),
      invite_only_register: o.getBoolean('InviteOnlyRegisterEnabled'),
      password_login_enabled: o.getBoolean('PasswordLoginEnabled'),
      passkey_login: o.getBoolean('PasskeyLoginEnabled'),
      password_register_enabled: o.getBoolean('PasswordRegisterEnabled'),
      email_verification: o.getBoolean('EmailVerificationEnabled'),
      turnstile_check: o.getBoolean('TurnstileCheckEnabled'),
      turnstile_site_key: o.get('TurnstileSiteKey'),
      github_oauth: o.getBoolean('GitHubOAuthEnabled'),
      github_client_id: o.get('GitHubClientId'),
      wechat_login: o.getBoolean('WeChatAuthEnabled'),
      wechat_qrcode: o.get('WeChatAccountQRCodeImageURL'),
      business_contact: o.get('BusinessContact'),
      telegram_oauth: o.getBoolean('TelegramOAuthEnabled'),
      telegram_bot_name: o.get('TelegramBotName'),
      linuxdo_oauth: o.getBoolean('LinuxDOOAuthEnabled'),
      linuxdo_client_id: o.get('LinuxDOClientId'),
      oidc_enabled: o.getBoolean('OidcEnabled'),
      oidc_name: o.get('OidcDisplayName').trim() || 'OIDC',
      // The arena leaderboard page offers the whole site's board to every user when this is on.
      arena_leaderboard_public: o.getBoolean('ArenaLeaderboardPublic'),
    };
  }
}
