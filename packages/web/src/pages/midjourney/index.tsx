import { useState } from 'react';
import { Card, Empty } from '@arco-design/web-react';
import { ROLE_ADMIN } from '@gw/shared';
import type { DrawingTask } from '@/api/tasks';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { taskFormValues, toTaskFilters } from '@/components/task-log/task-filters';
import { TaskSearchForm } from '@/components/task-log/task-search-form';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import { useUserStore } from '@/stores/user';
import { getColumns } from './columns';
import { drawingWindow } from './drawing-view';
import { useDrawingTasks } from './use-drawing-tasks';

/** 绘图 (spec 2 §2 drawing task page): the Midjourney-style tasks of the last 30 days, with paging. */
export default function DrawingPage() {
  const isAdmin = useUserStore((state) => (state.user?.role ?? 0) >= ROLE_ADMIN);
  const [initialValues] = useState(() => taskFormValues(drawingWindow()));
  const tasks = useDrawingTasks(isAdmin, toTaskFilters(initialValues));
  const display = readQuotaDisplay();

  return (
    <Card title="绘图任务">
      <TaskSearchForm isAdmin={isAdmin} initialValues={initialValues} defaultRange={drawingWindow} onSearch={tasks.handleSearch} />
      <ResponsiveTable<DrawingTask>
        rowKey="id"
        columns={getColumns(isAdmin, display)}
        data={tasks.rows}
        loading={tasks.loading}
        noDataElement={<Empty description="暂无绘图任务" />}
        scroll={{ x: isAdmin ? 2100 : 1900 }}
        pagination={tasks.pagination}
      />
    </Card>
  );
}
