import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { Modal } from '@arco-design/web-react';

export const MSG_LEAVE_UNSAVED = '有未保存的修改，确定离开吗？';

/**
 * Asks before unsaved changes are lost: a confirm when the console navigates to another page, the
 * browser's own prompt when the tab is closed or reloaded. Nothing is asked once the graph is saved.
 */
export function useLeaveGuard(dirty: boolean) {
  // A change of query or state on the same page keeps the editor: only leaving it is asked.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const confirm = Modal.confirm({ title: MSG_LEAVE_UNSAVED, onOk: () => blocker.proceed(), onCancel: () => blocker.reset() });
    return () => confirm.close();
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);
}
