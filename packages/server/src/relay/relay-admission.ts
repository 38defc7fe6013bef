import type { ChannelCacheService } from './channel-cache.service';
import type { Candidate } from './channel-selector';
import type { Json } from './json';
import { RelayError } from './relay-error';
import type { AuthorizedToken } from './token-auth.service';
import type { TokenRateLimiter } from './token-rate-limiter';

/**
 * What every relayed call passes after its token (DESIGN.md §5.1–5.3): the body names a model the
 * token may use, the token is within its rate, and some channel of the caller's group serves the
 * model. Returns the model and its channels, best first.
 */
export async function admitModel(
  authorized: AuthorizedToken,
  body: Json,
  limiter: TokenRateLimiter,
  channels: ChannelCacheService,
): Promise<{ model: string; candidates: readonly Candidate[] }> {
  const model = typeof body.model === 'string' ? body.model.trim() : '';
  if (!model) throw new RelayError(400, '请求中缺少 model 参数', 'invalid_request_error', 'missing_model');
  if (authorized.modelLimits && !authorized.modelLimits.has(model)) {
    throw new RelayError(403, `该令牌无权访问模型 ${model}`, 'invalid_request_error', 'model_not_allowed');
  }
  if (!(await limiter.allow(authorized.caller.tokenId, authorized.ratePerMinute))) {
    throw new RelayError(429, '该令牌请求过于频繁，请稍后再试', 'rate_limit_exceeded', 'rate_limit_exceeded');
  }
  const candidates = await channels.candidates(authorized.caller.group, model);
  if (candidates.length === 0) {
    throw new RelayError(503, `当前分组 ${authorized.caller.group} 下对于模型 ${model} 无可用渠道`, 'upstream_error', 'model_not_found');
  }
  return { model, candidates };
}
