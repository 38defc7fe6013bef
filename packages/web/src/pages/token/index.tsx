import { useEffect, useState } from 'react';
import { Button, Card, Message, Space } from '@arco-design/web-react';
import { IconCopy, IconPlus, IconRefresh } from '@arco-design/web-react/icon';
import { callOk } from '@/api/http';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { deleteToken, updateTokenStatus, type Token } from '@/api/tokens';
import { copyText } from '@/lib/clipboard';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import { getColumns, type TokenAction } from './columns';
import { SearchForm } from './search-form';
import { TokenDrawer } from './token-drawer';
import { MSG_COPIED, MSG_DELETED, MSG_SELECT_AT_LEAST_ONE, MSG_STATUS_UPDATED, fullKey, isInactive, keysText, nextToggleStatus } from './token-view';
import { useTokens } from './use-tokens';
import './token.css';

/** The token page (spec 2 §2): search, toolbar, table with paging and selection, add/edit drawer. */
export default function TokenPage() {
  const tokens = useTokens();
  const display = readQuotaDisplay();
  const [selected, setSelected] = useState<Token[]>([]);
  const [drawer, setDrawer] = useState<{ editing?: Token } | null>(null);

  // A selection belongs to the rows on screen: a new page, search or reload starts empty.
  useEffect(() => setSelected([]), [tokens.rows]);

  const handleCopy = async (text: string) => {
    if (await copyText(text)) Message.success(MSG_COPIED);
  };

  const handleCopySelected = () => {
    if (selected.length === 0) {
      Message.warning(MSG_SELECT_AT_LEAST_ONE);
      return;
    }
    void handleCopy(keysText(selected));
  };

  const handleToggle = async (token: Token) => {
    const status = nextToggleStatus(token.status);
    if (status === null) return;
    if (await callOk(updateTokenStatus(token.id, status))) {
      Message.success(MSG_STATUS_UPDATED);
      tokens.reload();
    }
  };

  const handleDelete = async (token: Token) => {
    if (await callOk(deleteToken(token.id))) {
      Message.success(MSG_DELETED);
      tokens.reloadAfterRemoval();
    }
  };

  const handleAction = (action: TokenAction, token: Token) => {
    if (action === 'copy') void handleCopy(fullKey(token.key));
    if (action === 'toggle') void handleToggle(token);
    if (action === 'edit') setDrawer({ editing: token });
    if (action === 'delete') void handleDelete(token);
  };

  const columns = getColumns(handleAction, display);

  return (
    <Card title="我的令牌">
      <SearchForm onSearch={tokens.handleSearch} />
      <Space style={{ marginBottom: 16 }} wrap>
        <Button type="primary" icon={<IconPlus />} onClick={() => setDrawer({})}>
          添加令牌
        </Button>
        <Button icon={<IconCopy />} onClick={handleCopySelected}>
          复制所选令牌
        </Button>
        <Button icon={<IconRefresh />} onClick={tokens.reload}>
          刷新
        </Button>
      </Space>
      <ResponsiveTable<Token>
        rowKey="id"
        columns={columns}
        data={tokens.rows}
        loading={tokens.loading}
        // The shown columns, the selection and the expand toggle: on a 1440 px screen the table fits without a scroll bar.
        scroll={{ x: 1090 }}
        rowClassName={(token: Token) => (isInactive(token) ? 'token-row-inactive' : '')}
        rowSelection={{
          type: 'checkbox',
          selectedRowKeys: selected.map((token) => token.id),
          onChange: (_keys, rows: Token[]) => setSelected(rows),
        }}
        pagination={tokens.pagination}
      />
      <TokenDrawer
        visible={drawer !== null}
        editing={drawer?.editing}
        display={display}
        onClose={() => setDrawer(null)}
        onSaved={tokens.reload}
      />
    </Card>
  );
}
