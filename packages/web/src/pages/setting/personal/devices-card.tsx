import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Message, Popconfirm } from '@arco-design/web-react';
import type { SessionView } from '@gw/shared';
import { call, callReply } from '@/api/http';
import { endMyOtherSessions, endMySession, listMySessions } from '@/api/sessions';
import { SessionTable } from '@/components/session-table/session-table';
import { useUserStore } from '@/stores/user';

/** 登录设备: where the account is signed in; any other browser, or all of them, can be signed out here. */
export function DevicesCard() {
  const [sessions, setSessions] = useState<SessionView[]>([]);
  const [loading, setLoading] = useState(true);
  const [ending, setEnding] = useState<string>();

  const load = useCallback(async () => {
    setLoading(true);
    const list = await call(listMySessions());
    setLoading(false);
    if (list) setSessions(list);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const handleEnd = async (session: SessionView) => {
    setEnding(session.id);
    const reply = await callReply(endMySession(session.id));
    setEnding(undefined);
    if (!reply) return;
    Message.success(reply.message);
    // This browser's own session: it is signed out, and its page sends it to login.
    if (reply.data.current) useUserStore.getState().clearUser();
    else setSessions((list) => list.filter((row) => row.id !== session.id));
  };

  const handleEndOthers = async () => {
    const reply = await callReply(endMyOtherSessions());
    if (!reply) return;
    Message.success(reply.message);
    await load();
  };

  const others = sessions.filter((session) => !session.current).length;
  return (
    <Card
      title="登录设备"
      style={{ marginBottom: 16 }}
      extra={
        <Popconfirm title="确定退出其他所有设备吗？" content="这些设备需要重新登录" onOk={handleEndOthers} disabled={others === 0}>
          <Button size="small" status="warning" disabled={others === 0}>
            退出其他设备
          </Button>
        </Popconfirm>
      }
    >
      <SessionTable sessions={sessions} loading={loading} ending={ending} onEnd={handleEnd} />
    </Card>
  );
}
