import { Message } from '@arco-design/web-react';
import { call, callReply } from '@/api/http';
import { retestAllDisabledKeys } from '@/api/channel-keys';
import { testAllChannels, testChannel, updateAllChannelBalances, updateChannelBalance, type Channel } from '@/api/channels';
import { showUnpricedWarning } from './unpriced-test-warning';

const MSG_TEST_ALL_STARTED = '已开始测试所有渠道，请稍后刷新查看结果';
const MSG_BALANCES_STARTED = '已开始更新所有已启用渠道的余额，请稍后刷新查看结果';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Tests a channel with a model. On success it says how long the test took, warns about the
 * channel's models that have no price, and returns the channel with the new response time (ms)
 * and test time, as the server has stored them.
 */
export async function runChannelTest(channel: Channel, model: string): Promise<Channel | undefined> {
  const reply = await callReply(testChannel(channel.id, model));
  if (!reply) return undefined;
  const seconds = reply.time ?? 0;
  Message.success(`渠道 ${channel.name} 测试成功，耗时 ${seconds.toFixed(2)} 秒。`);
  if (reply.data.unpriced_models.length > 0) showUnpricedWarning(channel, reply.data.unpriced_models);
  return { ...channel, response_time: Math.round(seconds * 1000), test_time: nowSeconds() };
}

/** Asks the upstream for a channel's balance; returns the channel with the new balance and update time. */
export async function refreshChannelBalance(channel: Channel): Promise<Channel | undefined> {
  const reply = await callReply(updateChannelBalance(channel.id));
  if (!reply) return undefined;
  Message.success(`渠道 ${channel.name} 余额更新成功！`);
  return { ...channel, balance: reply.balance ?? 0, balance_updated_time: nowSeconds() };
}

/** The server tests in the background and answers at once: its message says so. */
export async function runAllChannelTests(): Promise<void> {
  const reply = await callReply(testAllChannels());
  if (reply) Message.info(reply.message || MSG_TEST_ALL_STARTED);
}

/** The server updates the balances in the background too. */
export async function refreshAllBalances(): Promise<void> {
  const reply = await callReply(updateAllChannelBalances());
  if (reply) Message.info(reply.message || MSG_BALANCES_STARTED);
}

/**
 * Re-tests the auto-disabled keys of every multi-key channel (the server answers when done) and says
 * what came back; true when it ran.
 */
export async function retestAllAutoDisabledKeys(): Promise<boolean> {
  const result = await call(retestAllDisabledKeys());
  if (!result) return false;
  Message.success(`重新测试完成：${result.channels} 个渠道，测试 ${result.tested} 个密钥，恢复 ${result.enabled} 个`);
  return true;
}
