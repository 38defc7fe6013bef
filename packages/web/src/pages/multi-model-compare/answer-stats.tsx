import { renderQuota, type ChatMessageView } from '@gw/shared';
import { quotaTitle } from '@/components/quota-text';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What an answer cost and how fast it came, from the stored message (what no peer's compare chat shows). */
export function AnswerStats({ message }: { message: ChatMessageView }) {
  // A refused call cost nothing and took no time worth showing: its error says what happened.
  if (message.status === 'error' && message.quota === 0) return null;
  const display = readQuotaDisplay();
  return (
    <div className="compare-answer-stats" aria-label="花费与速度">
      <span title={quotaTitle(message.quota)}>花费 {renderQuota(message.quota, { ...display, digits: 6 })}</span>
      {message.first_token_ms > 0 && <span>首字 {message.first_token_ms} ms</span>}
      {message.duration_ms > 0 && <span>耗时 {seconds(message.duration_ms)}</span>}
      <span>
        输入 {message.prompt_tokens} · 输出 {message.completion_tokens}
      </span>
    </div>
  );
}
