import { Tag } from '@arco-design/web-react';
import type { WorkflowRunStatus } from '@gw/shared';
import { RUN_STATUS_COLORS, RUN_STATUS_LABELS } from './run-view';

export function RunStatusTag({ status }: { status: WorkflowRunStatus }) {
  return (
    <Tag size="small" color={RUN_STATUS_COLORS[status] ?? 'gray'}>
      {RUN_STATUS_LABELS[status] ?? status}
    </Tag>
  );
}
