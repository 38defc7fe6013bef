import { useMemo, useState } from 'react';
import { Button, Card } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import type { Ability } from '@/api/channels';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { ChannelModelsDrawer } from '@/pages/channel/models/models-drawer';
import { useGroups } from '@/pages/channel/use-groups';
import { AbilityEditModal } from './ability-edit-modal';
import { getColumns } from './columns';
import type { ChannelRef } from './model-status-tag';
import { ABILITY_PAGE_SIZE } from './filters';
import { SearchForm } from './search-form';
import { useAbilities } from './use-abilities';

/**
 * 模型管理 (spec 2 §2): the models of every channel and group, with their capability flags and
 * their status (model-level health): on this row's channel, and over every channel, each of which
 * opens that channel's 模型 drawer.
 */
export default function ModelManagePage() {
  const abilities = useAbilities();
  const groups = useGroups();
  const [editing, setEditing] = useState<Ability | null>(null);
  const [viewing, setViewing] = useState<ChannelRef | null>(null);
  const columns = useMemo(() => getColumns({ onEdit: setEditing, onOpenChannel: setViewing }, abilities.modelStates), [abilities.modelStates]);
  const { reload } = abilities;
  // The drawer may enable or disable models: the list shows what it left.
  const handleCloseDrawer = () => {
    setViewing(null);
    reload();
  };

  return (
    <Card title="模型管理" extra={<Button icon={<IconRefresh />} onClick={abilities.reload}>刷新</Button>}>
      <SearchForm groups={groups} onSearch={abilities.handleSearch} />
      <ResponsiveTable<Ability>
        rowKey="id"
        columns={columns}
        data={abilities.rows}
        loading={abilities.loading}
        scroll={{ x: 1370 }}
        pagination={{
          current: abilities.page,
          pageSize: ABILITY_PAGE_SIZE,
          total: abilities.total,
          showTotal: true,
          onChange: abilities.setPage,
        }}
      />
      <AbilityEditModal ability={editing} onClose={() => setEditing(null)} onSaved={abilities.reload} />
      <ChannelModelsDrawer channel={viewing} onClose={handleCloseDrawer} />
    </Card>
  );
}
