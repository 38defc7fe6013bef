import { Result } from '@arco-design/web-react';
import type { ChatLinkState } from './use-chat-link';

/** Why a chat page opens nothing: the link's or token's message, or a failed token list. */
export function ChatLinkRefusal({ state }: { state: Extract<ChatLinkState, { phase: 'refused' | 'failed' }> }) {
  if (state.phase === 'failed') return <Result status="error" title="令牌列表加载失败，请稍后重试" />;
  return <Result status="warning" title={state.message} />;
}
