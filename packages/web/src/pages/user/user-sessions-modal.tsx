import { useCallback, useEffect, useState } from 'react';
import { Button, Message, Modal, Popconfirm } from '@arco-design/web-react';
import type { SessionView } from '@gw/shared';
import { call, callReply } from '@/api/http';
import { endAllUserSessions, endUserSession, listUserSessions } from '@/api/sessions';
import type { AdminUser } from '@/api/users-admin';
import { SessionTable } from '@/components/session-table/session-table';
import { useNarrowScreen } from '@/lib/screen';

/** 登录设备 of a user, for an administrator who outranks them: 退出 one session, or 全部退出. */
export function UserSessionsModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const [sessions, setSessions] = useState<SessionView[]>([]);
  const [loading, setLoading] = useState(false);
  const [ending, setEnding] = useState<string>();
  const narrow = useNarrowScreen();
  const userId = user?.id;

  const load = useCallback(async () => {
    if (userId === undefined) return;
    setLoading(true);
    const list = await call(listUserSessions(userId));
    setLoading(false);
    setSessions(list ?? []);
  }, [userId]);

  useEffect(() => {
    setSessions([]);
    void load();
  }, [load]);

  const handleEnd = async (session: SessionView) => {
    if (userId === undefined) return;
    setEnding(session.id);
    const reply = await callReply(endUserSession(userId, session.id));
    setEnding(undefined);
    if (!reply) return;
    Message.success(reply.message);
    setSessions((list) => list.filter((row) => row.id !== session.id));
  };

  const handleEndAll = async () => {
    if (userId === undefined) return;
    const reply = await callReply(endAllUserSessions(userId));
    if (!reply) return;
    Message.success(reply.message);
    setSessions([]);
  };

  return (
    <Modal
      title={user ? `登录设备 · ${user.username}` : '登录设备'}
      visible={user !== null}
      onCancel={onClose}
      style={{ width: narrow ? '95vw' : 860 }}
      unmountOnExit
      footer={
        <>
          <Popconfirm title={`确定退出「${user?.username ?? ''}」的所有设备吗？`} content="该用户需要重新登录" onOk={handleEndAll} disabled={sessions.length === 0}>
            <Button status="danger" disabled={sessions.length === 0}>
              全部退出
            </Button>
          </Popconfirm>
          <Button onClick={onClose}>关闭</Button>
        </>
      }
    >
      <SessionTable sessions={sessions} loading={loading} ending={ending} onEnd={handleEnd} />
    </Modal>
  );
}
