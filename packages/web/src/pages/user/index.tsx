import { useEffect, useMemo, useState } from 'react';
import { useMatch, useNavigate, useParams } from 'react-router-dom';
import { Card, Message } from '@arco-design/web-react';
import { MSG_OPERATION_DONE } from '@gw/shared';
import { callReply } from '@/api/http';
import { resetUserTwoFactor } from '@/api/two-factor';
import { manageUser, type AdminUser, type ManageAction } from '@/api/users-admin';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { useGroups } from '@/pages/channel/use-groups';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import { useUserStore } from '@/stores/user';
import { AddUserDrawer } from './add-user-drawer';
import { getColumns, type UserAction } from './columns';
import { EditUserDrawer, type EditTarget } from './edit-user-drawer';
import { SearchForm } from './search-form';
import { UserSessionsModal } from './user-sessions-modal';
import { editMode, isDeregistered } from './user-view';
import { useUsers } from './use-users';
import './user.css';

/** The drawer an edit route opens: /user/edit/{id} another user's, /user/edit one's own profile. */
function useRouteTarget(): EditTarget | null {
  const { id } = useParams();
  const ownProfile = useMatch('/user/edit') !== null;
  return useMemo(() => {
    const userId = Number(id);
    if (id !== undefined && Number.isInteger(userId) && userId > 0) return { mode: 'admin', id: userId };
    return ownProfile ? { mode: 'self' } : null;
  }, [id, ownProfile]);
}

/** 管理用户 (spec 2 §2): search, the user table with paging and row actions, add drawer (left), edit drawer (right). */
export default function UserPage() {
  const users = useUsers();
  const groups = useGroups();
  const navigate = useNavigate();
  const viewer = useUserStore((state) => state.user);
  const routeTarget = useRouteTarget();
  const [adding, setAdding] = useState(false);
  const [editTarget, setEditTarget] = useState<EditTarget | null>(routeTarget);
  const [sessionsOf, setSessionsOf] = useState<AdminUser | null>(null);
  const display = useMemo(readQuotaDisplay, []);
  const { reload, patchRow } = users;

  useEffect(() => setEditTarget(routeTarget), [routeTarget]);

  const handleCloseEdit = () => {
    setEditTarget(null);
    if (routeTarget) navigate('/user', { replace: true });
  };

  const columns = useMemo(() => {
    const me = { id: viewer?.id ?? 0, role: viewer?.role ?? 0 };

    const handleManage = async (action: ManageAction, user: AdminUser) => {
      const reply = await callReply(manageUser(user.id, action));
      if (!reply) return;
      Message.success(MSG_OPERATION_DONE);
      if (reply.data) patchRow(user.id, reply.data);
      else reload();
    };

    const handleResetTwoFactor = async (user: AdminUser) => {
      const reply = await callReply(resetUserTwoFactor(user.id));
      if (!reply) return;
      Message.success(reply.message);
      patchRow(user.id, { two_factor_enabled: false });
    };

    const handleAction = (action: UserAction, user: AdminUser) => {
      if (action === 'sessions') {
        setSessionsOf(user);
        return;
      }
      if (action === 'reset2fa') {
        void handleResetTwoFactor(user);
        return;
      }
      if (action !== 'edit') {
        void handleManage(action, user);
        return;
      }
      const mode = editMode(me, user);
      if (mode === 'admin') setEditTarget({ mode, id: user.id });
      if (mode === 'self') setEditTarget({ mode });
    };

    return getColumns(me, handleAction, display);
  }, [viewer?.id, viewer?.role, reload, patchRow, display]);

  return (
    <Card title="管理用户">
      <SearchForm groups={groups} onSearch={users.handleSearch} onAdd={() => setAdding(true)} />
      <ResponsiveTable<AdminUser>
        rowKey="id"
        columns={columns}
        data={users.rows}
        loading={users.loading}
        scroll={{ x: 1050 }}
        rowClassName={(user) => (isDeregistered(user) ? 'user-row-deregistered' : '')}
        pagination={users.pagination}
      />
      <AddUserDrawer visible={adding} onClose={() => setAdding(false)} onSaved={reload} />
      <EditUserDrawer target={editTarget} groups={groups} display={display} onClose={handleCloseEdit} onSaved={reload} />
      <UserSessionsModal user={sessionsOf} onClose={() => setSessionsOf(null)} />
    </Card>
  );
}
