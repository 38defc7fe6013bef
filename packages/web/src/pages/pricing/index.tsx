import { useState } from 'react';
import { Alert, Card, Space, Tag } from '@arco-design/web-react';
import type { PricingEntry } from '@/api/pricing';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { PAGE_SIZE_OPTIONS, readPageSize, savePageSize } from '@/lib/page-size';
import { useUserStore } from '@/stores/user';
import { getColumns } from './columns';
import { groupRatioOf, viewerGroup } from './price';
import { matchesKeyword, SearchForm } from './search-form';
import { usePricing } from './use-pricing';

/** 模型价格 (spec 2 §2 pricing page): every model with its billing type, ratios and prices for the viewer's group. */
export default function PricingPage() {
  const pricing = usePricing();
  const userGroup = useUserStore((state) => state.user?.group);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(readPageSize);

  const group = viewerGroup(pricing.usableGroup, userGroup);
  const groupRatio = groupRatioOf(pricing.groupRatios, group);
  const rows = pricing.entries.filter((entry) => matchesKeyword(entry.model_name, keyword));

  const handleSearch = (next: string) => {
    setKeyword(next);
    setPage(1);
  };

  const handlePageChange = (nextPage: number, size: number) => {
    if (size !== pageSize) {
      savePageSize(size);
      setPageSize(size);
    }
    setPage(nextPage);
  };

  return (
    <Card title="模型价格">
      <Alert type="info" style={{ marginBottom: 16 }} content="价格仅供参考，以实际计费为准" />
      <Space style={{ marginBottom: 16 }} wrap>
        <span>
          当前分组：<Tag color="green">{group}</Tag>
        </span>
        <span aria-label="分组倍率">分组倍率：{groupRatio}</span>
      </Space>
      <div>
        <SearchForm keyword={keyword} onChange={handleSearch} />
      </div>
      <ResponsiveTable<PricingEntry>
        rowKey="model_name"
        columns={getColumns(group, groupRatio)}
        data={rows}
        loading={pricing.loading}
        scroll={{ x: 1100 }}
        pagination={{ current: page, pageSize, sizeCanChange: true, sizeOptions: PAGE_SIZE_OPTIONS, showTotal: true, onChange: handlePageChange }}
      />
    </Card>
  );
}
