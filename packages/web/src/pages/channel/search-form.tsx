import { Form, Input, Select } from '@arco-design/web-react';
import type { ChannelFilters } from '@/api/channels';
import { EMPTY_FILTERS, useChannelListStore } from './list-store';
import { SearchActions } from '@/components/search-actions';

/** Keyword (name, id, base URL or tag), group and model; an empty search is the paged list. */
export function SearchForm({ groups }: { groups: string[] }) {
  const [form] = Form.useForm<ChannelFilters>();
  const filters = useChannelListStore((state) => state.filters);
  const setFilters = useChannelListStore((state) => state.setFilters);

  const handleSubmit = (values: Partial<ChannelFilters>) => {
    setFilters({ keyword: values.keyword ?? '', group: values.group ?? '', model: values.model ?? '' });
  };

  const handleReset = () => {
    form.setFieldsValue({ keyword: '', group: undefined, model: '' });
    setFilters(EMPTY_FILTERS);
  };

  // An empty group is left undefined so that the select shows its placeholder.
  const initialValues = { ...filters, group: filters.group || undefined };

  return (
    <Form form={form} layout="inline" initialValues={initialValues} onSubmit={handleSubmit} style={{ marginBottom: 16 }}>
      <Form.Item field="keyword">
        <Input aria-label="搜索关键字" placeholder="搜索渠道的 ID、名称、代理地址和标签" style={{ width: 280 }} allowClear />
      </Form.Item>
      <Form.Item field="group">
        <Select aria-label="分组" placeholder="选择分组" style={{ width: 160 }} allowClear options={groups} />
      </Form.Item>
      <Form.Item field="model">
        <Input aria-label="模型" placeholder="模型关键字" style={{ width: 180 }} allowClear />
      </Form.Item>
      <SearchActions onReset={handleReset} />
    </Form>
  );
}
