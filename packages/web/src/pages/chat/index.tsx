import { useParams } from 'react-router-dom';
import { Button, Result } from '@arco-design/web-react';
import { PageLoading } from '@/components/page-loading';
import { canFrame, chatSourceAt } from '@/lib/chat-link';
import { ChatLinkRefusal } from './chat-link-refusal';
import { useChatLink } from './use-chat-link';
import './chat.css';

/** The chat embed page (spec 2 §2): entry `id` of the Chats option in a frame, with the user's key. */
export default function ChatPage() {
  const { id } = useParams();
  const state = useChatLink((status) => chatSourceAt(status, id));

  if (state.phase !== 'ready') return state.phase === 'loading' ? <PageLoading /> : <ChatLinkRefusal state={state} />;
  if (!canFrame(state.url, window.location.origin)) {
    return (
      <Result
        status="info"
        title="该聊天链接不是 HTTPS 地址，无法在页面内打开"
        extra={
          <Button type="primary" href={state.url} target="_blank" anchorProps={{ rel: 'noopener noreferrer' }}>
            在新标签页打开
          </Button>
        }
      />
    );
  }
  return <iframe className="chat-frame" src={state.url} title={state.name || '聊天'} allow="clipboard-write" />;
}
