import { Card, Tag, Typography } from '@arco-design/web-react';
import { QuotaText } from '@/components/quota-text';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import type { AnswerCard } from './answer-cards';

const STATUS: Record<AnswerCard['status'], { label: string; color: string }> = {
  waiting: { label: '等待中', color: 'gray' },
  streaming: { label: '生成中', color: 'arcoblue' },
  done: { label: '完成', color: 'green' },
  error: { label: '失败', color: 'red' },
};

/** One model's answer to the typed query, with what it cost when it finished. */
/** The model, with the node's prompt variant when it has several (the run's column key). */
const cardTitle = (card: AnswerCard) => (card.variant ? `${card.model || card.nodeId}·${card.variant}` : card.model || card.nodeId);

export function AnswerCardView({ card }: { card: AnswerCard }) {
  const status = STATUS[card.status];
  return (
    <Card
      size="small"
      className="wf-answer-card"
      title={cardTitle(card)}
      extra={<Tag color={status.color}>{status.label}</Tag>}
      aria-label={`回答 ${cardTitle(card)}`}
    >
      {card.text ? <div className="wf-answer-text">{card.text}</div> : null}
      {card.status === 'error' ? <Typography.Text type="error">{card.error}</Typography.Text> : null}
      {card.status === 'done' ? (
        <div className="wf-answer-figures">
          <span>
            额度 <QuotaText quota={card.quota ?? 0} display={readQuotaDisplay()} />
          </span>
          <span>
            Tokens {card.promptTokens ?? 0} + {card.completionTokens ?? 0}
          </span>
          <span>用时 {((card.useTimeMs ?? 0) / 1000).toFixed(2)} s</span>
        </div>
      ) : null}
    </Card>
  );
}
