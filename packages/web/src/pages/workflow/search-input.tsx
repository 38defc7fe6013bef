import { useState } from 'react';
import { Input } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';
import { useSettledSearch } from '@/lib/use-settled-search';
import { WORKFLOW_SEARCH_DEBOUNCE_MS } from './workflow-view';

interface SearchInputProps {
  label: string;
  placeholder: string;
  maxLength?: number;
  /** The trimmed text, once typing has paused and only when it changed. */
  onSearch: (text: string) => void;
}

/** A debounced search box. */
export function SearchInput({ label, placeholder, maxLength, onSearch }: SearchInputProps) {
  const [text, setText] = useState('');
  useSettledSearch(text, WORKFLOW_SEARCH_DEBOUNCE_MS, onSearch);

  return (
    <Input
      className="workflow-search"
      allowClear
      prefix={<IconSearch />}
      placeholder={placeholder}
      aria-label={label}
      maxLength={maxLength}
      value={text}
      onChange={setText}
    />
  );
}
