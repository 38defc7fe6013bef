import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { WORKFLOW_POLL_INTERVAL_MS, type WorkflowTask } from '@gw/shared';
import { runStatus } from '@/api/workflow-runs';

/**
 * Run tracking (spec 3 §4): whole-dataset runs started in the editor, kept in local storage so that
 * the projects page can announce them after a reload. While any is running its status is polled
 * every 5 s; a run that stopped running leaves the list and waits in `finished` for its dialog.
 */
export const TRACKING_STORAGE_KEY = 'workflowTracking';

interface TrackingState {
  tasks: WorkflowTask[];
  /** Runs that stopped running and whose completion dialog has not been closed yet, oldest first. */
  finished: WorkflowTask[];
  track: (task: WorkflowTask) => void;
  /** Asks the status of every tracked run once. */
  poll: () => Promise<void>;
  /** Closes the first completion dialog. */
  dismiss: () => void;
}

export const useWorkflowTrackingStore = create<TrackingState>()(
  persist(
    (set, get) => ({
      tasks: [],
      finished: [],
      track: (task) => set((state) => ({ tasks: [...state.tasks.filter((known) => known.id !== task.id), { ...task, status: 'running' }] })),
      poll: async () => {
        const checks = await Promise.all(
          get().tasks.map(async (task) => {
            try {
              const reply = await runStatus(task.id);
              // A run the server no longer knows stops being tracked without a dialog.
              if (!reply.success) return { task, gone: true, done: false, title: task.app_title };
              return { task, gone: false, done: reply.data.Status !== 'running', title: reply.data.app_title || task.app_title };
            } catch {
              // Offline for a moment: ask again at the next poll.
              return { task, gone: false, done: false, title: task.app_title };
            }
          }),
        );
        const stopped = new Set(checks.filter((check) => check.gone || check.done).map((check) => check.task.id));
        if (stopped.size === 0) return;
        const done = checks.filter((check) => check.done).map((check) => ({ ...check.task, app_title: check.title }));
        set((state) => ({ tasks: state.tasks.filter((task) => !stopped.has(task.id)), finished: [...state.finished, ...done] }));
      },
      dismiss: () => set((state) => ({ finished: state.finished.slice(1) })),
    }),
    { name: TRACKING_STORAGE_KEY, storage: createJSONStorage(() => localStorage), partialize: (state) => ({ tasks: state.tasks, finished: state.finished }) },
  ),
);

/** Polls every WORKFLOW_POLL_INTERVAL_MS while any run is tracked; answers the stop function. */
export function startTrackingPoll(): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const follow = (count: number) => {
    if (count > 0 && timer === undefined) {
      timer = setInterval(() => void useWorkflowTrackingStore.getState().poll(), WORKFLOW_POLL_INTERVAL_MS);
    } else if (count === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  follow(useWorkflowTrackingStore.getState().tasks.length);
  const unsubscribe = useWorkflowTrackingStore.subscribe((state) => follow(state.tasks.length));
  return () => {
    unsubscribe();
    follow(0);
  };
}
