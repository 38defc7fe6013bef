import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Message, Space } from '@arco-design/web-react';
import { IconCopy, IconPlus, IconRefresh } from '@arco-design/web-react/icon';
import { MSG_OPERATION_DONE } from '@gw/shared';
import { callReply, callOk } from '@/api/http';
import { deleteRedemption, updateRedemptionStatus, type Redemption } from '@/api/redemptions';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { copyText } from '@/lib/clipboard';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import { getColumns, type RedemptionAction } from './columns';
import { CreatedCodesModal } from './created-codes-modal';
import { RedemptionDrawer } from './redemption-drawer';
import { MSG_COPIED, MSG_DELETED, MSG_SELECT_AT_LEAST_ONE, codesText, nextToggleStatus } from './redemption-view';
import { SearchForm } from './search-form';
import { useRedemptions } from './use-redemptions';
import './redemption.css';

async function copyCodes(keys: string[]): Promise<void> {
  if (await copyText(codesText(keys))) Message.success(MSG_COPIED);
}

/** 兑换码 (spec 2 §2): search, toolbar, the code table with paging and selection, add/edit drawer. */
export default function RedemptionPage() {
  const codes = useRedemptions();
  const display = useMemo(readQuotaDisplay, []);
  const [selected, setSelected] = useState<Redemption[]>([]);
  const [drawer, setDrawer] = useState<{ editing?: Redemption } | null>(null);
  const [created, setCreated] = useState<string[] | null>(null);
  const { reload, reloadAfterRemoval, patchRow } = codes;

  // A selection belongs to the rows on screen: a new page, search or reload starts empty.
  useEffect(() => setSelected([]), [codes.rows]);

  const handleCopySelected = () => {
    if (selected.length === 0) {
      Message.warning(MSG_SELECT_AT_LEAST_ONE);
      return;
    }
    void copyCodes(selected.map((code) => code.key));
  };

  const handleSaved = (newCodes?: string[]) => {
    if (newCodes && newCodes.length > 0) setCreated(newCodes);
    reload();
  };

  const columns = useMemo(() => {
    const handleToggle = async (code: Redemption) => {
      const status = nextToggleStatus(code.status);
      if (status === null) return;
      const reply = await callReply(updateRedemptionStatus(code.id, status));
      if (!reply) return;
      Message.success(MSG_OPERATION_DONE);
      patchRow(code.id, reply.data ?? { status });
    };

    const handleDelete = async (code: Redemption) => {
      if (!(await callOk(deleteRedemption(code.id)))) return;
      Message.success(MSG_DELETED);
      reloadAfterRemoval();
    };

    const handleAction = (action: RedemptionAction, code: Redemption) => {
      if (action === 'copy') void copyCodes([code.key]);
      if (action === 'toggle') void handleToggle(code);
      if (action === 'edit') setDrawer({ editing: code });
      if (action === 'delete') void handleDelete(code);
    };

    return getColumns(handleAction, display);
  }, [display, patchRow, reloadAfterRemoval]);

  return (
    <Card title="管理兑换码">
      <SearchForm onSearch={codes.handleSearch} />
      <Space style={{ marginBottom: 16 }} wrap>
        <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({})}>
          添加兑换码
        </Button>
        <Button icon={<IconCopy />} onClick={handleCopySelected}>
          复制所选兑换码
        </Button>
        <Button icon={<IconRefresh />} onClick={reload}>
          刷新
        </Button>
      </Space>
      <ResponsiveTable<Redemption>
        rowKey="id"
        columns={columns}
        data={codes.rows}
        loading={codes.loading}
        scroll={{ x: 1165 }}
        rowSelection={{
          type: 'checkbox',
          selectedRowKeys: selected.map((code) => code.id),
          onChange: (_keys, rows: Redemption[]) => setSelected(rows),
        }}
        pagination={codes.pagination}
      />
      <RedemptionDrawer visible={drawer !== null} editing={drawer?.editing} display={display} onClose={() => setDrawer(null)} onSaved={handleSaved} />
      <CreatedCodesModal codes={created} onCopy={(keys) => void copyCodes(keys)} onClose={() => setCreated(null)} />
    </Card>
  );
}
