import { useEffect } from 'react';
import { PageLoading } from '@/components/page-loading';
import { chat2Source } from '@/lib/chat-link';
import { ChatLinkRefusal } from './chat-link-refusal';
import { useChatLink } from './use-chat-link';

/** The chat-link redirect page (spec 2 §2): sends the browser to ChatLink2 (or ChatLink) with the user's key. */
export default function Chat2LinkPage() {
  const state = useChatLink(chat2Source);

  useEffect(() => {
    if (state.phase === 'ready') window.location.href = state.url;
  }, [state]);

  return state.phase === 'refused' || state.phase === 'failed' ? <ChatLinkRefusal state={state} /> : <PageLoading />;
}
