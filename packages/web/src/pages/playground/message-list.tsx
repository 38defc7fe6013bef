import { useEffect, useRef } from 'react';
import { Empty } from '@arco-design/web-react';
import type { ChatTurn } from './chat-turn';
import { MessageBubble } from './message-bubble';

interface MessageListProps {
  turns: ChatTurn[];
}

/** How close to the bottom (px) still counts as following the answer. */
const FOLLOW_THRESHOLD = 40;

/** The conversation; it follows a streaming answer unless the user has scrolled up to read. */
export function MessageList({ turns }: MessageListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const followRef = useRef(true);

  useEffect(() => {
    const list = listRef.current;
    if (list && followRef.current) list.scrollTop = list.scrollHeight;
  }, [turns]);

  const handleScroll = () => {
    const list = listRef.current;
    if (list) followRef.current = list.scrollHeight - list.scrollTop - list.clientHeight < FOLLOW_THRESHOLD;
  };

  return (
    <div ref={listRef} className="playground-messages" onScroll={handleScroll}>
      {turns.length === 0 ? (
        <Empty description="选择模型，输入消息开始对话" />
      ) : (
        turns.map((turn) => <MessageBubble key={turn.id} turn={turn} />)
      )}
    </div>
  );
}
