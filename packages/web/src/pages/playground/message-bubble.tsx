import { Alert, Avatar, Collapse, Spin } from '@arco-design/web-react';
import { IconRobot, IconUser } from '@arco-design/web-react/icon';
import type { ChatTurn } from './chat-turn';

interface MessageBubbleProps {
  turn: ChatTurn;
}

/**
 * One turn. Text is rendered as a React text node (never as HTML) and keeps its line breaks
 * through white-space: pre-wrap.
 */
export function MessageBubble({ turn }: MessageBubbleProps) {
  const waiting = turn.streaming && !turn.content && !turn.reasoning;
  return (
    <div className={`playground-turn playground-turn-${turn.role}`} data-testid={`turn-${turn.role}`}>
      <Avatar size={32} className="playground-avatar">
        {turn.role === 'user' ? <IconUser /> : <IconRobot />}
      </Avatar>
      <div className="playground-bubble">
        {turn.reasoning && (
          <Collapse bordered={false} defaultActiveKey={['reasoning']} className="playground-reasoning">
            <Collapse.Item name="reasoning" header="思考过程">
              <div className="playground-text">{turn.reasoning}</div>
            </Collapse.Item>
          </Collapse>
        )}
        {turn.content && <div className="playground-text playground-content">{turn.content}</div>}
        {waiting && <Spin dot size={6} />}
        {turn.stopped && <div className="playground-note">已停止生成</div>}
        {turn.error && <Alert type="error" content={turn.error} />}
      </div>
    </div>
  );
}
