import { Input } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';

/** Filters the table by a part of the model name as the user types. */
export function SearchForm({ keyword, onChange }: { keyword: string; onChange: (keyword: string) => void }) {
  return (
    <Input
      aria-label="模型名称"
      allowClear
      prefix={<IconSearch />}
      placeholder="搜索模型名称"
      style={{ width: 280, marginBottom: 16 }}
      value={keyword}
      onChange={onChange}
    />
  );
}

export function matchesKeyword(modelName: string, keyword: string): boolean {
  return modelName.toLowerCase().includes(keyword.trim().toLowerCase());
}
