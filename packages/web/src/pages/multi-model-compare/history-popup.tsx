import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Message, Popconfirm, Spin, Tag, Trigger } from '@arco-design/web-react';
import { IconDelete, IconEdit, IconHistory } from '@arco-design/web-react/icon';
import {
  COMPARE_HISTORY_PAGE_SIZE,
  HISTORY_LOAD_MORE_PX,
  HISTORY_POPUP_MAX_HEIGHT,
  HISTORY_POPUP_WIDTH,
  HISTORY_RELOAD_AFTER_DELETE_MS,
  MSG_CHAT_DELETED,
  MSG_CHAT_NO_HISTORY,
  MSG_CHAT_NO_MORE_HISTORY,
  type TalkingView,
} from '@gw/shared';
import { showChatError } from '@/api/chat-models';
import { deleteTalking, listTalkings } from '@/api/talkings';
import { RenameTalkingModal } from './rename-talking-modal';

interface HistoryPopupProps {
  currentId: number | null;
  onOpen: (talking: TalkingView) => void;
  /** The current chat was deleted: open this one instead, or leave (null). */
  onCurrentDeleted: (next: TalkingView | null) => void;
  onRenamed: (talking: TalkingView) => void;
}

/** The chat chosen when the current one is deleted: the one before it in the list, else the one after. */
export function neighbourOf(list: TalkingView[], id: number): TalkingView | null {
  const index = list.findIndex((item) => item.id === id);
  if (index < 0) return null;
  return list[index - 1] ?? list[index + 1] ?? null;
}

/** The history popup of the compare page (spec 3 §2.10): past chats, paged as the list is scrolled. */
export function HistoryPopup({ currentId, onOpen, onCurrentDeleted, onRenamed }: HistoryPopupProps) {
  const [visible, setVisible] = useState(false);
  const [items, setItems] = useState<TalkingView[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(true);
  const [loading, setLoading] = useState(false);
  const [renaming, setRenaming] = useState<TalkingView | null>(null);
  const loadingRef = useRef(false);
  const reloadTimer = useRef<number>();

  const load = useCallback(async (next: number) => {
    if (loadingRef.current) return;
    loadingRef.current = true;
    setLoading(true);
    try {
      const result = await listTalkings(next, COMPARE_HISTORY_PAGE_SIZE);
      setItems((current) => (next === 1 ? result.list : [...current, ...result.list.filter((item) => !current.some((seen) => seen.id === item.id))]));
      setPage(next);
      setHasMore(next * COMPARE_HISTORY_PAGE_SIZE < result.total && result.list.length > 0);
    } catch (error) {
      showChatError(error);
      setHasMore(false);
    } finally {
      loadingRef.current = false;
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (visible) void load(1);
  }, [visible, load]);

  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  const onScroll = (event: React.UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (hasMore && !loadingRef.current && box.scrollHeight - box.scrollTop - box.clientHeight <= HISTORY_LOAD_MORE_PX) void load(page + 1);
  };

  const remove = async (talking: TalkingView) => {
    try {
      await deleteTalking(talking.id);
    } catch (error) {
      showChatError(error);
      return;
    }
    Message.success(MSG_CHAT_DELETED);
    const next = talking.id === currentId ? neighbourOf(items, talking.id) : undefined;
    setItems((current) => current.filter((item) => item.id !== talking.id));
    window.clearTimeout(reloadTimer.current);
    reloadTimer.current = window.setTimeout(() => void load(1), HISTORY_RELOAD_AFTER_DELETE_MS);
    if (next !== undefined) onCurrentDeleted(next);
  };

  const handleRenamed = (renamed: TalkingView) => {
    setItems((current) => current.map((item) => (item.id === renamed.id ? renamed : item)));
    onRenamed(renamed);
  };

  const panel = (
    <div className="compare-history" role="dialog" aria-label="历史对话" style={{ width: HISTORY_POPUP_WIDTH, maxHeight: HISTORY_POPUP_MAX_HEIGHT }} onScroll={onScroll}>
      {items.length === 0 && !loading && <div className="compare-history-empty">{MSG_CHAT_NO_HISTORY}</div>}
      <ul className="compare-history-list">
        {items.map((item) => (
          <li key={item.id} className={item.id === currentId ? 'compare-history-item is-current' : 'compare-history-item'}>
            <button
              type="button"
              className="compare-history-name"
              title={item.name}
              onClick={() => {
                setVisible(false);
                if (item.id !== currentId) onOpen(item);
              }}
            >
              {item.name}
            </button>
            {item.mode === 'arena' && (
              <Tag size="small" color="arcoblue" className="compare-history-arena">
                对战
              </Tag>
            )}
            <Button
              size="mini"
              type="text"
              icon={<IconEdit />}
              aria-label={`重命名 ${item.name}`}
              onClick={() => setRenaming(item)}
            />
            <Popconfirm title="确定删除该对话吗？" onOk={() => remove(item)}>
              <Button size="mini" type="text" status="danger" icon={<IconDelete />} aria-label={`删除 ${item.name}`} />
            </Popconfirm>
          </li>
        ))}
      </ul>
      {loading && <Spin className="compare-history-loading" size={16} />}
      {!loading && !hasMore && items.length > 0 && <div className="compare-history-end">{MSG_CHAT_NO_MORE_HISTORY}</div>}
    </div>
  );

  return (
    <>
      <Trigger popup={() => panel} trigger="click" position="br" popupVisible={visible} onVisibleChange={setVisible} clickOutsideToClose>
        <Button size="small" icon={<IconHistory />} aria-label="历史对话">
          历史
        </Button>
      </Trigger>
      <RenameTalkingModal talking={renaming} onClose={() => setRenaming(null)} onRenamed={handleRenamed} />
    </>
  );
}
