import { useState } from 'react';
import { Form, Input } from '@arco-design/web-react';
import type { TokenSearch } from '@/api/tokens';
import { SearchActions } from '@/components/search-actions';

interface SearchFormProps {
  onSearch: (search: TokenSearch) => void;
}

/** Search by name keyword and key; both empty lists every token again. */
export function SearchForm({ onSearch }: SearchFormProps) {
  const [keyword, setKeyword] = useState('');
  const [token, setToken] = useState('');

  const handleSubmit = () => onSearch({ keyword: keyword.trim(), token: token.trim() });

  const handleReset = () => {
    setKeyword('');
    setToken('');
    onSearch({ keyword: '', token: '' });
  };

  return (
    <Form layout="inline" onSubmit={handleSubmit} style={{ marginBottom: 16 }}>
      <Form.Item label="名称">
        <Input aria-label="令牌名称" allowClear value={keyword} onChange={setKeyword} placeholder="令牌名称关键字" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item label="密钥">
        <Input aria-label="令牌密钥" allowClear value={token} onChange={setToken} placeholder="完整的令牌密钥" style={{ width: 280 }} />
      </Form.Item>
      <SearchActions onReset={handleReset} />
    </Form>
  );
}
