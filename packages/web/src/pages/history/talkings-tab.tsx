import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Empty, Message, Pagination } from '@arco-design/web-react';
import { CHAT_HISTORY_PAGE_SIZE, MSG_CHAT_DELETED, MSG_CHAT_NO_HISTORY, type TalkingView } from '@gw/shared';
import { showChatError } from '@/api/chat-models';
import { deleteTalking } from '@/api/talkings';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { RenameTalkingModal } from '@/pages/multi-model-compare/rename-talking-modal';
import { getTalkingColumns, type TalkingAction } from './talking-columns';
import { useTalkingList } from './use-talking-list';

/** 对话记录: the compare chats, with the rename and delete of the compare page's history popup. */
export function TalkingsTab() {
  const talkings = useTalkingList();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState<TalkingView | null>(null);

  const handleDelete = async (talking: TalkingView) => {
    try {
      await deleteTalking(talking.id);
    } catch (error) {
      showChatError(error);
      return;
    }
    Message.success(MSG_CHAT_DELETED);
    talkings.afterDelete();
  };

  const handleAction = (action: TalkingAction, talking: TalkingView) => {
    if (action === 'delete') return handleDelete(talking);
    setRenaming(talking);
  };

  return (
    <>
      <ResponsiveTable<TalkingView>
        rowKey="id"
        size="small"
        loading={talkings.loading}
        columns={getTalkingColumns(handleAction)}
        data={talkings.list}
        pagination={false}
        scroll={{ x: 720 }}
        noDataElement={
          <div className="history-empty">
            <Empty description={MSG_CHAT_NO_HISTORY} />
            <Button size="small" type="primary" onClick={() => navigate('/multi-model-chat')}>
              新建对话
            </Button>
          </div>
        }
      />
      {talkings.total > CHAT_HISTORY_PAGE_SIZE && (
        <Pagination className="history-pager" current={talkings.page} pageSize={CHAT_HISTORY_PAGE_SIZE} total={talkings.total} onChange={talkings.setPage} showTotal size="small" />
      )}
      <RenameTalkingModal talking={renaming} onClose={() => setRenaming(null)} onRenamed={talkings.replace} />
    </>
  );
}
