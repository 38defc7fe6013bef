import { useEffect, useState } from 'react';
import type { TalkingView } from '@gw/shared';
import { showChatError } from '@/api/chat-models';
import { listTalkings } from '@/api/talkings';
import { RECENT_COUNT } from './workspace-view';

/** The latest compare chats (the first page of the history list). */
export function useRecentTalkings() {
  const [talkings, setTalkings] = useState<TalkingView[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    listTalkings(1, RECENT_COUNT)
      .then((page) => {
        if (active) setTalkings(page.list);
      })
      .catch((error: unknown) => {
        if (active) showChatError(error);
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, []);

  return { talkings, loading };
}
