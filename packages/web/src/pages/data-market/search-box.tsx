import { useState } from 'react';
import { Button, Input } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';
import { useSettledSearch } from '@/lib/use-settled-search';
import { DATA_SEARCH_DEBOUNCE_MS } from '@gw/shared';

interface SearchBoxProps {
  /** The trimmed text, once typing has paused for DATA_SEARCH_DEBOUNCE_MS and only when it changed. */
  onSearch: (text: string) => void;
}

/**
 * The market's search (spec 3 §2.1): a search button that opens into a box when clicked, and
 * closes again when the box is emptied (cleared, or left empty).
 */
export function SearchBox({ onSearch }: SearchBoxProps) {
  const [expanded, setExpanded] = useState(false);
  const [text, setText] = useState('');
  useSettledSearch(text, DATA_SEARCH_DEBOUNCE_MS, onSearch);

  if (!expanded) {
    return <Button className="data-market-search-button" shape="round" icon={<IconSearch />} aria-label="搜索数据集" onClick={() => setExpanded(true)} />;
  }
  return (
    <Input
      className="data-market-search"
      autoFocus
      allowClear
      prefix={<IconSearch />}
      placeholder="搜索数据集名称或描述"
      aria-label="搜索数据集"
      value={text}
      onChange={setText}
      onClear={() => setExpanded(false)}
      onBlur={() => {
        if (text.trim() !== '') return;
        setText('');
        setExpanded(false);
      }}
    />
  );
}
