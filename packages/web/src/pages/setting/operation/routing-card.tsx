import { OptionCard } from '../components/option-card';
import { OptionNumber, OptionSwitch } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

/**
 * Sticky routing (a client session goes back to the channel and key that served it, so that the
 * upstream's prompt cache is read rather than written again) and the route header.
 */
export function RoutingCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="渠道路由" form={form} keys={['ChannelAffinityTTL']}>
      <OptionSwitch
        form={form}
        option="ChannelAffinityEnabled"
        extra="携带会话标识的请求（Claude Code 的 metadata.user_id、OpenAI 的 prompt_cache_key 或 user、Codex CLI 的 session_id 请求头等）在有效期内发往上次为它服务的渠道和密钥；该渠道冷却、被禁用或达到请求限制时照常另选渠道。"
      />
      <OptionNumber form={form} option="ChannelAffinityTTL" extra="绑定保留的时间；会话持续请求时自动续期（最后一次请求后至少保留一半时间）" />
      <OptionSwitch form={form} option="ChannelAffinityByTokenEnabled" extra="打开后，没有会话标识的请求把令牌当作会话：同一令牌的请求发往同一渠道。" />
      <OptionSwitch form={form} option="RouteHeaderEnabled" extra="例如 affinity;ch=3 或 weight;ch=3;retry:429@ch=3;weight;ch=5，便于排查请求为何发往某个渠道。" />
      <OptionSwitch
        form={form}
        option="OverheadHeaderEnabled"
        extra="请求到达至应答头发出之间、除去等待上游的时间（毫秒，如 0.42），用于判断延迟来自网关还是上游。"
      />
    </OptionCard>
  );
}
