import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD, startTestApp, TestApp } from '../../test/test-app';

/** The status object as docs/console-api.md lists it. */
const STATUS_FIELDS = [
  'version',
  'start_time',
  'database',
  'redis',
  'system_name',
  'logo',
  'footer_html',
  'server_address',
  'quota_per_unit',
  'display_in_currency',
  'display_token_stat',
  'default_collapse_sidebar',
  'enable_data_export',
  'data_export_default_time',
  'enable_monitor_data',
  'enable_drawing',
  'mj_notify_enabled',
  'chat_link',
  'chat_link2',
  'chats',
  'top_up_link',
  'price',
  'min_topup',
  'enable_online_topup',
  'enable_stripe_topup',
  'register_enabled',
  'invite_only_register',
  'password_login_enabled',
  'passkey_login',
  'password_register_enabled',
  'email_verification',
  'turnstile_check',
  'turnstile_site_key',
  'github_oauth',
  'github_client_id',
  'wechat_login',
  'wechat_qrcode',
  'business_contact',
  'telegram_oauth',
  'telegram_bot_name',
  'linuxdo_oauth',
  'linuxdo_client_id',
  'oidc_enabled',
  'oidc_name',
  'arena_leaderboard_public',
];

const BOOLEAN_FIELDS = [
  'display_in_currency',
  'display_token_stat',
  'default_collapse_sidebar',
  'enable_data_export',
  'enable_monitor_data',
  'enable_drawing',
  'mj_notify_enabled',
  'enable_online_topup',
  'enable_stripe_topup',
  'register_enabled',
  'invite_only_register',
  'password_login_enabled',
  'passkey_login',
  'password_register_enabled',
  'email_verification',
  'turnstile_check',
  'github_oauth',
  'wechat_login',
  'telegram_oauth',
  'linuxdo_oauth',
  'oidc_enabled',
  'arena_leaderboard_public',
];

describe('status (integration)', () => {
  let t: TestApp;
  let root: TestAgent;
  const startedAt = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    t = await startTestApp();
    root = (await t.login('root', ROOT_PASSWORD)).agent;
  });
  afterAll(async () => {
    await t.close();
  });

  const save = async (key: string, value: string) => {
    const reply = await root.put('/api/option/').send({ key, value });
    expect(reply.body, `${key}=${value}`).toMatchObject({ success: true });
  };

  const status = async (): Promise<Record<string, unknown>> => {
    const reply = await t.http().get('/api/status');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, message: '' });
    return reply.body.data;
  };

  it('answers guests with every field of the status object', async () => {
    const data = await status();
    expect(Object.keys(data).sort()).toEqual([...STATUS_FIELDS].sort());
    for (const field of BOOLEAN_FIELDS) expect(typeof data[field], field).toBe('boolean');
  });

  it('reports the version and the start time in unix seconds', async () => {
    const data = await status();
    expect(data.version).toBe((require('../../package.json') as { version: string }).version);
    expect(data.start_time).toBeGreaterThanOrEqual(startedAt - 1);
    expect(data.start_time).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    // The start time stays the same between calls: it is the process start, not the request time.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await status()).start_time).toBe(data.start_time);
  });

  it('shows the defaults of a fresh installation as typed values', async () => {
    expect(await status()).toMatchObject({
      system_name: 'AI 模型网关',
      quota_per_unit: 500000,
      price: 7.3,
      min_topup: 1,
      enable_online_topup: false,
      enable_stripe_topup: false,
      display_in_currency: true,
      register_enabled: true,
      invite_only_register: true,
      password_login_enabled: true,
      passkey_login: true,
      password_register_enabled: true,
      enable_drawing: false,
      github_oauth: false,
      data_export_default_time: 'hour',
      turnstile_site_key: '',
    });
  });

  it('follows option changes', async () => {
    await save('SystemName', '数据网关');
    await save('Footer', '<p>© 2025 数据网关</p>');
    await save('Logo', 'https://cdn.example.com/logo.png');
    await save('RegisterEnabled', 'false');
    await save('PasswordRegisterEnabled', 'false');
    await save('InviteOnlyRegisterEnabled', 'false');
    await save('DrawingEnabled', 'true');
    await save('DataExportEnabled', 'false');
    await save('Price', '7.5');
    await save('MinTopUp', '10');
    await save('QuotaPerUnit', '1000');
    await save('ChatLink', 'https://chat.example.com');
    await save('TopUpLink', 'https://shop.example.com');
    await save('GitHubOAuthEnabled', 'true');
    await save('GitHubClientId', 'Iv1.abcdef');
    await save('WeChatAuthEnabled', 'true');
    await save('WeChatAccountQRCodeImageURL', 'https://cdn.example.com/qr.png');
    await save('BusinessContact', 'bd@example.com');
    await save('TelegramOAuthEnabled', 'true');
    await save('TelegramBotName', 'gw_bot');
    await save('LinuxDOOAuthEnabled', 'true');
    await save('LinuxDOClientId', 'linuxdo-id');
    await save('OidcEnabled', 'true');
    await save('OidcDisplayName', '公司 SSO');
    await save('EmailVerificationEnabled', 'true');
    await save('TurnstileCheckEnabled', 'true');
    await save('MjNotifyEnabled', 'true');
    await save('DefaultCollapseSidebar', 'true');
    await save('DisplayInCurrencyEnabled', 'false');
    expect(await status()).toMatchObject({
      system_name: '数据网关',
      footer_html: '<p>© 2025 数据网关</p>',
      logo: 'https://cdn.example.com/logo.png',
      register_enabled: false,
      invite_only_register: false,
      password_register_enabled: false,
      enable_drawing: true,
      enable_data_export: false,
      enable_monitor_data: false,
      price: 7.5,
      min_topup: 10,
      quota_per_unit: 1000,
      chat_link: 'https://chat.example.com',
      top_up_link: 'https://shop.example.com',
      github_oauth: true,
      github_client_id: 'Iv1.abcdef',
      wechat_login: true,
      wechat_qrcode: 'https://cdn.example.com/qr.png',
      business_contact: 'bd@example.com',
      telegram_oauth: true,
      telegram_bot_name: 'gw_bot',
      linuxdo_oauth: true,
      linuxdo_client_id: 'linuxdo-id',
      oidc_enabled: true,
      oidc_name: '公司 SSO',
      email_verification: true,
      turnstile_check: true,
      mj_notify_enabled: true,
      default_collapse_sidebar: true,
      display_in_currency: false,
    });
  });

  it('gives every visitor the Chats entries as a JSON array', async () => {
    expect((await status()).chats).toEqual([]);
    const chats = [{ 'ChatGPT Next Web': 'https://chat.example.com/#/?settings={"key":"{key}","url":"{address}"}' }, { 'Lobe Chat': 'https://lobe.example.com/?key={key}' }];
    await save('Chats', JSON.stringify(chats));
    await save('ChatLink2', 'https://chat2.example.com');
    expect(await status()).toMatchObject({ chats, chat_link2: 'https://chat2.example.com' });
  });

  it('enables online top-up only once PayAddress, EpayId, EpayKey and ServerAddress are all set', async () => {
    const settings: Array<[string, string]> = [
      ['ServerAddress', 'https://gw.example.com'],
      ['PayAddress', 'https://pay.example.com'],
      ['EpayId', '1001'],
      ['EpayKey', 'epay-merchant-key'],
    ];
    for (const [key, value] of settings) {
      expect((await status()).enable_online_topup, `before ${key}`).toBe(false);
      await save(key, value);
    }
    const data = await status();
    expect(data.enable_online_topup).toBe(true);
    expect(JSON.stringify(data)).not.toContain('epay-merchant-key');
    await save('EpayKey', '');
    expect((await status()).enable_online_topup).toBe(false);
  });

  it('never shows a secret option', async () => {
    await save('ServerAddress', 'https://gw.example.com');
    await save('GitHubClientSecret', 'github-secret-value');
    await save('TurnstileSecretKey', 'turnstile-secret-value');
    await save('SMTPToken', 'smtp-secret-value');
    const body = JSON.stringify((await t.http().get('/api/status')).body);
    for (const secret of ['github-secret-value', 'turnstile-secret-value', 'smtp-secret-value']) expect(body).not.toContain(secret);
  });

  it.each([
    ['/api/notice', 'Notice', '<p>系统维护通知</p>'],
    ['/api/about', 'About', '# 关于我们\n数据网关'],
    ['/api/home_page_content', 'HomePageContent', 'https://home.example.com'],
  ])('%s answers guests with the %s option', async (path, key, value) => {
    const before = await t.http().get(path);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ success: true, message: '', data: '' });
    await save(key, value);
    const after = await t.http().get(path);
    expect(after.body).toEqual({ success: true, message: '', data: value });
  });
});
