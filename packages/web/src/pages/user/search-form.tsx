import { Button, Form, Input, Select } from '@arco-design/web-react';
import { IconPlus, IconSearch } from '@arco-design/web-react/icon';
import type { UserSearch } from '@/api/users-admin';

interface SearchFormProps {
  groups: string[];
  onSearch: (search: UserSearch) => void;
  onAdd: () => void;
}

/** Keyword and group, the query button and the add-user button (spec 2 §2). */
export function SearchForm({ groups, onSearch, onAdd }: SearchFormProps) {
  const handleSubmit = (values: Partial<UserSearch>) => onSearch({ keyword: values.keyword ?? '', group: values.group ?? '' });

  return (
    <Form layout="inline" onSubmit={handleSubmit} style={{ marginBottom: 16 }}>
      <Form.Item field="keyword">
        <Input aria-label="搜索关键字" placeholder="搜索用户的 ID、用户名、显示名称和邮箱" style={{ width: 300 }} allowClear />
      </Form.Item>
      <Form.Item field="group">
        <Select aria-label="分组" placeholder="选择分组" style={{ width: 160 }} allowClear options={groups} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<IconSearch />}>
          查询
        </Button>
      </Form.Item>
      <Form.Item>
        <Button icon={<IconPlus />} onClick={onAdd}>
          添加用户
        </Button>
      </Form.Item>
    </Form>
  );
}
