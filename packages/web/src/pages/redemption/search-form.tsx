import { useState } from 'react';
import { Button, Form, Input } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';

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
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<IconSearch />}>
          查询
        </Button>
      </Form.Item>
      <Form.Item>
        <Button onClick={handleReset}>重置</Button>
      </Form.Item>
    </Form>
  );
}
