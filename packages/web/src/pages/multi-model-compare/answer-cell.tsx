import { Button, Collapse, Spin, Tag } from '@arco-design/web-react';
import { IconLeft, IconRefresh, IconRight } from '@arco-design/web-react/icon';
import { FormattedText } from '@/components/formatted-text';
import type { ChatSession, SessionVariant } from '@/stores/compare-chat';
import { AnswerStats } from './answer-stats';

interface AnswerCellProps {
  session: ChatSession;
  side: SessionVariant | undefined;
  /** The column is busy: no regenerate meanwhile. */
  busy: boolean;
  /** Cost and speed left out (a blind battle's answers). */
  hideStats?: boolean;
  onRegenerate: () => void;
  onStep: (index: number) => void;
}

/** One model's answer in a round: reasoning apart, the answer, its state, cost and speed. */
export function AnswerCell({ session, side, busy, hideStats = false, onRegenerate, onStep }: AnswerCellProps) {
  const response = side?.responses[side.responseIndex];
  if (!side || !response) return <div className="compare-answer compare-answer-empty">—</div>;
  const total = side.responses.length;
  const live = response.status === 'streaming';
  const waiting = live && !response.content && !response.reasoning;
  return (
    <div className="compare-answer" data-session={session.id}>
      <div className="compare-answer-model">{session.modelName}</div>
      {response.reasoning && (
        <Collapse bordered={false} defaultActiveKey={live ? ['thinking'] : []} className="compare-thinking">
          <Collapse.Item name="thinking" header="思考过程">
            <div className="compare-thinking-text">{response.reasoning}</div>
          </Collapse.Item>
        </Collapse>
      )}
      {waiting ? <Spin size={16} className="compare-answer-waiting" /> : <FormattedText text={response.content} className="compare-answer-text" />}
      {response.status === 'stopped' && <Tag size="small">已停止</Tag>}
      {response.status === 'error' && (
        <div className="compare-answer-error" role="alert">
          {response.error}
        </div>
      )}
      <div className="compare-answer-footer">
        {total > 1 && (
          <span className="compare-steps">
            <Button size="mini" type="text" icon={<IconLeft />} aria-label="上一个回答" disabled={side.responseIndex === 0} onClick={() => onStep(side.responseIndex - 1)} />
            <span>
              {side.responseIndex + 1}/{total}
            </span>
            <Button size="mini" type="text" icon={<IconRight />} aria-label="下一个回答" disabled={side.responseIndex === total - 1} onClick={() => onStep(side.responseIndex + 1)} />
          </span>
        )}
        {!live && (
          <Button size="mini" type="text" icon={<IconRefresh />} aria-label={`重新生成 ${session.modelName}`} disabled={busy} onClick={onRegenerate}>
            重新生成
          </Button>
        )}
      </div>
      {!live && !hideStats && response.stored && <AnswerStats message={response.stored} />}
    </div>
  );
}
