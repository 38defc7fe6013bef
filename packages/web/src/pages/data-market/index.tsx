import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Empty, Pagination, Spin, Typography } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { DATA_MARKET_PAGE_SIZE, MSG_NO_MATCHING_DATASET, ROLE_GUEST, roleAllows, type DatasetView, type SourceRowView } from '@gw/shared';
import { CustomDataRequestModal } from '@/components/custom-data-form/custom-data-request-modal';
import { RecordDetailModal } from '@/components/dataset-records';
import { useUserStore } from '@/stores/user';
import type { DatasetAction } from './card-menu';
import { CoverModal } from './cover-modal';
import { DatasetCard } from './dataset-card';
import { DatasetFormModal } from './dataset-form-modal';
import { DeleteDatasetModal } from './delete-dataset-modal';
import { ImportDialog } from './import-dialog';
import { showsPromo } from './market-view';
import { PromoCard } from './promo-card';
import { SearchBox } from './search-box';
import { TypeFilter } from './type-filter';
import { useDatasetList } from './use-dataset-list';
import './data-market.css';

/** What the record modal needs of a dataset, while none is open. */
const NO_DATASET = { data_format: '', image_field: '', cloud_path: '' };

/** 数据市场 (spec 3 §2.1): filters, search, the card grid with its promo card, and root's dataset tools. */
export default function DataMarketPage() {
  const market = useDatasetList();
  const isRoot = useUserStore((state) => roleAllows('root', state.user?.role ?? ROLE_GUEST));
  const navigate = useNavigate();
  const [customOpen, setCustomOpen] = useState(false);
  const [form, setForm] = useState<{ editing?: DatasetView } | null>(null);
  const [deleting, setDeleting] = useState<DatasetView | null>(null);
  const [covering, setCovering] = useState<DatasetView | null>(null);
  const [importing, setImporting] = useState<DatasetView | null>(null);
  const [record, setRecord] = useState<{ row: SourceRowView; dataset: DatasetView } | null>(null);
  const { reload } = market;

  const handleAction = (action: DatasetAction, dataset: DatasetView) => {
    if (action === 'edit') setForm({ editing: dataset });
    if (action === 'cover') setCovering(dataset);
    if (action === 'import') setImporting(dataset);
    if (action === 'delete') setDeleting(dataset);
  };

  const openCustom = () => setCustomOpen(true);
  const empty = !market.loading && market.list.length === 0;

  return (
    <div className="data-market">
      <header className="data-market-header">
        <Typography.Title heading={4} className="data-market-title">
          数据市场
        </Typography.Title>
        <div className="data-market-tools">
          <SearchBox onSearch={market.handleSearch} />
          {isRoot && (
            <Button type="primary" icon={<IconPlus />} onClick={() => setForm({})}>
              添加数据
            </Button>
          )}
        </div>
      </header>
      <TypeFilter chosen={market.types} onAll={market.handleAllTypes} onToggle={market.handleToggleType} />

      <Spin loading={market.loading} block className="data-market-spin">
        {empty ? (
          <Empty
            className="data-market-empty"
            description={
              <>
                <div>{MSG_NO_MATCHING_DATASET}</div>
                <Button type="text" onClick={openCustom}>
                  没有找到想要的数据？立即定制
                </Button>
              </>
            }
          />
        ) : (
          <div className="data-market-grid">
            {market.list.map((dataset) => (
              <DatasetCard
                key={dataset.id}
                dataset={dataset}
                isRoot={isRoot}
                onOpen={(opened) => navigate(`/data-market/${opened.id}`)}
                onOpenRecord={(row, owner) => setRecord({ row, dataset: owner })}
                onAction={handleAction}
              />
            ))}
            {!market.loading && showsPromo(market.page, market.total) && <PromoCard onOpen={openCustom} />}
          </div>
        )}
      </Spin>

      {market.total > DATA_MARKET_PAGE_SIZE && (
        <Pagination className="data-market-pager" current={market.page} pageSize={DATA_MARKET_PAGE_SIZE} total={market.total} onChange={market.setPage} />
      )}

      <button type="button" className="data-market-side-button" onClick={openCustom}>
        数据定制
      </button>

      <CustomDataRequestModal visible={customOpen} onClose={() => setCustomOpen(false)} />
      <RecordDetailModal visible={record !== null} record={record?.row ?? null} dataset={record?.dataset ?? NO_DATASET} onClose={() => setRecord(null)} />
      {isRoot && (
        <>
          <DatasetFormModal visible={form !== null} editing={form?.editing} onClose={() => setForm(null)} onSaved={reload} />
          <DeleteDatasetModal dataset={deleting} onClose={() => setDeleting(null)} onDeleted={reload} />
          <CoverModal dataset={covering} onClose={() => setCovering(null)} onChanged={reload} />
          <ImportDialog dataset={importing} onClose={() => setImporting(null)} onImported={reload} />
        </>
      )}
    </div>
  );
}
