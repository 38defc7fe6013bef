import { Button, Form } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';

/** The 查询 (submit) and 重置 buttons that end every list page's search form. */
export function SearchActions({ onReset }: { onReset: () => void }) {
  return (
    <>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<IconSearch />}>
          查询
        </Button>
      </Form.Item>
      <Form.Item>
        <Button onClick={onReset}>重置</Button>
      </Form.Item>
    </>
  );
}
