import { Injectable, Logger } from '@nestjs/common';
import { BusinessError } from '../common/business.error';
import { OptionsService } from '../options/options.service';
import { OutboundAddressRefusedError } from '../outbound/address-policy';
import { OutboundPolicy } from '../outbound/outbound-policy.service';
import { PROVIDER_TIMEOUT_MS } from './provider-http';

interface WeChatServerReply {
  success?: boolean;
  message?: string;
  data?: unknown;
}

/**
 * WeChat sign-in through a WeChat login server (the protocol of one-api / new-api's wechat-server):
 * the user sends a keyword to the official account and receives a short code; the server trades
 * it for the user's openid at GET {WeChatServerAddress}/api/wechat/user?code=… with the server token.
 */
@Injectable()
export class WeChatProvider {
  private readonly logger = new Logger(WeChatProvider.name);

  constructor(
    private readonly options: OptionsService,
    private readonly outbound: OutboundPolicy,
  ) {}

  assertEnabled(): void {
    if (!this.options.getBoolean('WeChatAuthEnabled')) throw new BusinessError('管理员未开启通过微信登录以及注册');
  }

  /** The openid the code was issued for; the WeChat server's own message when it refuses the code. */
  async openIdFor(code: string): Promise<string> {
    const address = this.options.get('WeChatServerAddress').replace(/\/+$/, '');
    if (!address) throw new BusinessError('管理员未配置微信服务器地址');
    let reply: WeChatServerReply;
    try {
      const response = await this.outbound.fetch('oauth', `${address}/api/wechat/user?code=${encodeURIComponent(code)}`, {
        headers: { Authorization: this.options.get('WeChatServerToken') },
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        redirect: 'manual',
      });
      reply = (await response.json()) as WeChatServerReply;
    } catch (error) {
      if (error instanceof OutboundAddressRefusedError) throw new BusinessError(error.message);
      this.logger.warn(`WeChat server unreachable: ${(error as Error).message}`);
      throw new BusinessError('无法连接微信服务器，请稍后重试');
    }
    if (!reply.success || (typeof reply.data !== 'string' && typeof reply.data !== 'number') || reply.data === '') {
      throw new BusinessError(reply.message || '验证码错误或已过期');
    }
    return String(reply.data);
  }
}
