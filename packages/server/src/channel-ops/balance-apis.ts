import type { RelayChannel } from '../relay/relay-context';

export type Currency = 'USD' | 'CNY';

export interface Balance {
  amount: number;
  currency: Currency;
}

/** GETs a JSON document with the given headers; throws with a readable message on any failure. */
export type GetJson = (url: string, headers: Record<string, string>) => Promise<any>;

/** How one provider tells the balance of a key. */
export type BalanceApi = (channel: RelayChannel, get: GetJson) => Promise<Balance>;

const bearer = (channel: RelayChannel) => ({ authorization: `Bearer ${channel.key}` });

/** The channel's base URL without a trailing slash, or the provider's own address. */
const rootOf = (channel: RelayChannel, fallback: string) => (channel.baseUrl || fallback).replace(/\/+$/, '');

function toNumber(value: unknown, what: string): number {
  const amount = typeof value === 'string' ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) throw new Error(`上游返回的${what}无法识别`);
  return amount;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * OpenAI's dashboard billing API, which OpenAI-compatible resellers also serve: the hard limit
 * minus this month's usage (reported in cents). end_date is exclusive, hence tomorrow.
 */
const openAiDashboard: BalanceApi = async (channel, get) => {
  const root = rootOf(channel, 'https://api.openai.com');
  const subscription = await get(`${root}/v1/dashboard/billing/subscription`, bearer(channel));
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const tomorrow = new Date(now.getTime() + 86_400_000);
  const usage = await get(`${root}/v1/dashboard/billing/usage?start_date=${isoDate(monthStart)}&end_date=${isoDate(tomorrow)}`, bearer(channel));
  return { amount: toNumber(subscription?.hard_limit_usd, '额度') - toNumber(usage?.total_usage, '用量') / 100, currency: 'USD' };
};

/** DeepSeek: GET /user/balance → balance_infos[{currency, total_balance}], the CNY entry preferred. */
const deepSeek: BalanceApi = async (channel, get) => {
  const reply = await get(`${rootOf(channel, 'https://api.deepseek.com')}/user/balance`, bearer(channel));
  const infos: Array<{ currency?: string; total_balance?: unknown }> = Array.isArray(reply?.balance_infos) ? reply.balance_infos : [];
  const info = infos.find((entry) => entry.currency === 'CNY') ?? infos[0];
  if (!info) throw new Error('上游没有返回余额信息');
  return { amount: toNumber(info.total_balance, '余额'), currency: info.currency === 'USD' ? 'USD' : 'CNY' };
};

/** SiliconCloud (SiliconFlow): GET /v1/user/info → data.totalBalance, in CNY. */
const siliconCloud: BalanceApi = async (channel, get) => {
  const reply = await get(`${rootOf(channel, 'https://api.siliconflow.cn')}/v1/user/info`, bearer(channel));
  return { amount: toNumber(reply?.data?.totalBalance, '余额'), currency: 'CNY' };
};

/** Moonshot: GET /v1/users/me/balance → data.available_balance (cash plus vouchers), in CNY. */
const moonshot: BalanceApi = async (channel, get) => {
  const reply = await get(`${rootOf(channel, 'https://api.moonshot.cn')}/v1/users/me/balance`, bearer(channel));
  return { amount: toNumber(reply?.data?.available_balance, '余额'), currency: 'CNY' };
};

/** OpenRouter: GET /api/v1/credits → data.total_credits − data.total_usage, in USD. */
const openRouter: BalanceApi = async (channel, get) => {
  const reply = await get(`${new URL(channel.baseUrl).origin}/api/v1/credits`, bearer(channel));
  return { amount: toNumber(reply?.data?.total_credits, '额度') - toNumber(reply?.data?.total_usage, '用量'), currency: 'USD' };
};

/** Provider types (packages/shared CHANNEL_TYPES) whose public API tells a key's balance. */
const BY_TYPE: Record<number, BalanceApi> = {
  1: openAiDashboard,
  25: moonshot,
  40: siliconCloud,
  43: deepSeek,
};

/** OpenRouter has no channel type of its own: it is reached as an OpenAI-compatible base URL. */
function isOpenRouter(channel: RelayChannel): boolean {
  try {
    return new URL(channel.baseUrl).hostname === 'openrouter.ai';
  } catch {
    return false;
  }
}

/** The balance API of a channel, or undefined for types without one (or without one we know for sure). */
export function balanceApiFor(channel: RelayChannel): BalanceApi | undefined {
  return isOpenRouter(channel) ? openRouter : BY_TYPE[channel.type];
}
