import { call } from '@/api/http';
import { listDrawingTasks, type DrawingTask, type TaskFilters } from '@/api/tasks';
import { useServerPage } from '@/lib/use-server-page';

// One loader per endpoint, at module level: useServerPage reloads whenever its loader changes.
const loadAll = (filters: TaskFilters, page: number, size: number) => call(listDrawingTasks(true, filters, page, size));
const loadOwn = (filters: TaskFilters, page: number, size: number) => call(listDrawingTasks(false, filters, page, size));

/** The drawing table's data: every user's tasks for administrators, one's own for everyone else. */
export function useDrawingTasks(isAdmin: boolean, initialFilters: TaskFilters) {
  return useServerPage<DrawingTask, TaskFilters>(initialFilters, isAdmin ? loadAll : loadOwn);
}
