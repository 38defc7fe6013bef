import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_HISTORY_PAGE_SIZE, type TalkingView } from '@gw/shared';
import { showChatError } from '@/api/chat-models';
import { listTalkings } from '@/api/talkings';

/** The compare chats, 10 a page (spec 3 §9 history page size), the latest updated first. */
export function useTalkingList() {
  const [page, setPage] = useState(1);
  const [list, setList] = useState<TalkingView[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    // Only the answer to the latest request is shown, however the replies arrive.
    const ticket = ++latest.current;
    setLoading(true);
    listTalkings(page, CHAT_HISTORY_PAGE_SIZE)
      .then((found) => {
        if (ticket !== latest.current) return;
        setList(found.list);
        setTotal(found.total);
      })
      .catch((error: unknown) => {
        if (ticket !== latest.current) return;
        showChatError(error);
        setList([]);
        setTotal(0);
      })
      .finally(() => {
        if (ticket === latest.current) setLoading(false);
      });
  }, [page, version]);

  /** After a delete: the page before when the last chat of a later page went. */
  const afterDelete = useCallback(() => {
    if (list.length === 1 && page > 1) setPage(page - 1);
    else setVersion((v) => v + 1);
  }, [list.length, page]);

  /** A rename the server took, shown without a reload. */
  const replace = useCallback((talking: TalkingView) => {
    setList((current) => current.map((item) => (item.id === talking.id ? talking : item)));
  }, []);

  return { page, setPage, list, total, loading, afterDelete, replace };
}
