import { useState } from 'react';
import { Form, Input } from '@arco-design/web-react';
import { SearchActions } from '@/components/search-actions';

interface SearchFormProps {
  onSearch: (keyword: string) => void;
}

/** One keyword over the code's id and name; empty lists every code again. */
export function SearchForm({ onSearch }: SearchFormProps) {
  const [keyword, setKeyword] = useState('');

  const handleReset = () => {
    setKeyword('');
    onSearch('');
  };

  return (
    <Form layout="inline" onSubmit={() => onSearch(keyword.trim())} style={{ marginBottom: 16 }}>
      <Form.Item label="关键字">
        <Input aria-label="搜索关键字" allowClear value={keyword} onChange={setKeyword} placeholder="兑换码的 ID 或名称" style={{ width: 240 }} />
      </Form.Item>
      <SearchActions onReset={handleReset} />
    </Form>
  );
}
