import { useState } from 'react';
import { Button } from '@arco-design/web-react';
import { ColumnFields } from './column-fields';
import { cellOf, type ResponsiveColumn } from './responsive-columns';

interface RowCardProps<T> {
  columns: ResponsiveColumn<T>[];
  record: T;
  index: number;
}

/** One row on a phone: its title, its key fields, the rest behind 更多, and its actions. */
export function RowCard<T>({ columns, record, index }: RowCardProps<T>) {
  const [showRest, setShowRest] = useState(false);
  const title = columns.find((column) => column.card === 'title');
  const actions = columns.find((column) => column.card === 'actions');
  const keyFields = columns.filter((column) => column.card === 'key');
  const rest = columns.filter((column) => column.card === undefined);

  return (
    <div className="rt-card">
      {title && <div className="rt-card-title">{cellOf(title, record, index)}</div>}
      <ColumnFields columns={keyFields} record={record} index={index} />
      {showRest && <ColumnFields columns={rest} record={record} index={index} />}
      {(actions || rest.length > 0) && (
        <div className="rt-card-foot">
          {actions && <div className="rt-card-actions">{cellOf(actions, record, index)}</div>}
          {rest.length > 0 && (
            <Button
              type="text"
              size="mini"
              className="rt-card-more"
              aria-expanded={showRest}
              // A clickable row (the page's onRow) must not take this click as its own.
              onClick={(event) => {
                event.stopPropagation();
                setShowRest(!showRest);
              }}
            >
              {showRest ? '收起' : '更多'}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
