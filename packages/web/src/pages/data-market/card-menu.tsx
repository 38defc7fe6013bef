import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconMore } from '@arco-design/web-react/icon';
import type { DatasetView } from '@gw/shared';

export type DatasetAction = 'edit' | 'cover' | 'import' | 'delete';

const ACTIONS: { key: DatasetAction; label: string }[] = [
  { key: 'edit', label: '编辑' },
  { key: 'cover', label: '更换封面' },
  { key: 'import', label: '导入数据' },
  { key: 'delete', label: '删除' },
];

interface CardMenuProps {
  dataset: DatasetView;
  onAction: (action: DatasetAction, dataset: DatasetView) => void;
}

/** Root's per-card actions (spec 3 §2.1, §6). */
export function CardMenu({ dataset, onAction }: CardMenuProps) {
  return (
    // The dropdown lives in a portal, but React still bubbles its clicks through this element to
    // the card: stopping them here keeps the trigger and the menu from opening the detail page.
    <span className="data-market-card-menu" onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
      <Dropdown
        trigger="click"
        position="br"
        droplist={
          <Menu onClickMenuItem={(key) => onAction(key as DatasetAction, dataset)}>
            {ACTIONS.map((action) => (
              <Menu.Item key={action.key}>{action.label}</Menu.Item>
            ))}
          </Menu>
        }
      >
        <Button size="small" shape="circle" icon={<IconMore />} aria-label={`数据集 ${dataset.name} 的操作`} />
      </Dropdown>
    </span>
  );
}
