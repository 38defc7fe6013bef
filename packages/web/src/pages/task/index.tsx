import { useState } from 'react';
import { Card, Empty } from '@arco-design/web-react';
import { ROLE_ADMIN } from '@gw/shared';
import type { AsyncTask } from '@/api/tasks';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { taskFormValues, toTaskFilters } from '@/components/task-log/task-filters';
import { TaskSearchForm } from '@/components/task-log/task-search-form';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import { useUserStore } from '@/stores/user';
import { getColumns } from './columns';
import type { TaskResult } from './task-result';
import { TaskResultModal } from './task-result-modal';
import { todayWindow } from './async-task-view';
import { useAsyncTasks } from './use-async-tasks';

/** 音乐任务 (spec 2 §2 music task page): today's async tasks (Suno songs and lyrics), with paging and their results. */
export default function TaskPage() {
  const isAdmin = useUserStore((state) => (state.user?.role ?? 0) >= ROLE_ADMIN);
  const [initialValues] = useState(() => taskFormValues(todayWindow()));
  const tasks = useAsyncTasks(isAdmin, toTaskFilters(initialValues));
  const display = readQuotaDisplay();
  const [result, setResult] = useState<TaskResult | null>(null);
  const [resultVisible, setResultVisible] = useState(false);

  const handleViewResult = (next: TaskResult) => {
    setResult(next);
    setResultVisible(true);
  };

  return (
    <Card title="音乐任务">
      <TaskSearchForm isAdmin={isAdmin} initialValues={initialValues} defaultRange={todayWindow} onSearch={tasks.handleSearch} />
      <ResponsiveTable<AsyncTask>
        rowKey="id"
        columns={getColumns(isAdmin, display, handleViewResult)}
        data={tasks.rows}
        loading={tasks.loading}
        noDataElement={<Empty description="暂无任务" />}
        scroll={{ x: isAdmin ? 1700 : 1500 }}
        pagination={tasks.pagination}
      />
      <TaskResultModal result={result} visible={resultVisible} onClose={() => setResultVisible(false)} />
    </Card>
  );
}
