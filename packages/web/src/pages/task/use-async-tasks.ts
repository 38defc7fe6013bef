import { call } from '@/api/http';
import { listAsyncTasks, type AsyncTask, type TaskFilters } from '@/api/tasks';
import { useServerPage } from '@/lib/use-server-page';

// One loader per endpoint, at module level: useServerPage reloads whenever its loader changes.
const loadAll = (filters: TaskFilters, page: number, size: number) => call(listAsyncTasks(true, filters, page, size));
const loadOwn = (filters: TaskFilters, page: number, size: number) => call(listAsyncTasks(false, filters, page, size));

/** The task table's data: every user's tasks for administrators, one's own for everyone else. */
export function useAsyncTasks(isAdmin: boolean, initialFilters: TaskFilters) {
  return useServerPage<AsyncTask, TaskFilters>(initialFilters, isAdmin ? loadAll : loadOwn);
}
