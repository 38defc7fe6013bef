import { useMemo, useState } from 'react';
import { Button, Card, Empty, Message, Space } from '@arco-design/web-react';
import { IconPlus, IconRefresh } from '@arco-design/web-react/icon';
import { MSG_PLAN_DELETED, MSG_PLAN_SAVED, type PlanView } from '@gw/shared';
import { callReply } from '@/api/http';
import { deletePlan, setPlanEnabled } from '@/api/plans';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { useGroups } from '@/pages/channel/use-groups';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import { getColumns, type PlanAction } from './columns';
import { PlanDrawer } from './plan-drawer';
import { MSG_PLANS_EMPTY } from './plan-view';
import { usePlans } from './use-plans';
import './plan.css';

/** 套餐管理 (issue 34): the subscription plans a super administrator sells, with their create/edit drawer. */
export default function PlanPage() {
  const { plans, loading, reload, replacePlan } = usePlans();
  const groups = useGroups();
  const display = useMemo(readQuotaDisplay, []);
  const [drawer, setDrawer] = useState<{ editing?: PlanView } | null>(null);
  const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set());

  const columns = useMemo(() => {
    const setBusy = (id: number, busy: boolean) =>
      setToggling((current) => {
        const next = new Set(current);
        if (busy) next.add(id);
        else next.delete(id);
        return next;
      });

    // On or off sale through the status call: nothing else is sent or checked again.
    const handleToggle = async (plan: PlanView) => {
      setBusy(plan.id, true);
      const reply = await callReply(setPlanEnabled(plan.id, !plan.enabled));
      setBusy(plan.id, false);
      if (!reply) return;
      Message.success(reply.message || MSG_PLAN_SAVED);
      replacePlan(reply.data);
    };

    const handleDelete = async (plan: PlanView) => {
      const reply = await callReply(deletePlan(plan.id));
      if (!reply) return;
      Message.success(reply.message || MSG_PLAN_DELETED);
      void reload();
    };

    const handleAction = (action: PlanAction, plan: PlanView) => {
      if (action === 'toggle') void handleToggle(plan);
      if (action === 'edit') setDrawer({ editing: plan });
      if (action === 'delete') void handleDelete(plan);
    };

    return getColumns({ display, toggling, onAction: handleAction });
  }, [display, toggling, reload, replacePlan]);

  return (
    <Card title="套餐管理">
      <Space style={{ marginBottom: 16 }} wrap>
        <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({})}>
          新建套餐
        </Button>
        <Button icon={<IconRefresh />} onClick={() => void reload()}>
          刷新
        </Button>
      </Space>
      <ResponsiveTable<PlanView>
        rowKey="id"
        columns={columns}
        data={plans}
        loading={loading}
        pagination={false}
        scroll={{ x: 1090 }}
        noDataElement={<Empty description={MSG_PLANS_EMPTY} />}
      />
      <PlanDrawer visible={drawer !== null} editing={drawer?.editing} groups={groups} display={display} onClose={() => setDrawer(null)} onSaved={() => void reload()} />
    </Card>
  );
}
