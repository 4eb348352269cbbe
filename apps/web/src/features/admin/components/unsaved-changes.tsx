import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';

/** What a form with unsaved changes asks before it closes or the page changes (issue #20). */
export const UNSAVED_CHANGES_QUESTION = 'You have unsaved changes. Leave without saving them?';

/**
 * Asks before a dirty form is left: the browser's own prompt on reload or tab close, and a
 * confirmation on a navigation inside the app (a link, Back). Inside a router without data APIs
 * (the unit tests' MemoryRouter) only the first applies.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return dataRouter ? <NavigationGuard when={when} /> : null;
}

function NavigationGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(when);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_CHANGES_QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  return null;
}

/**
 * Wraps a dialog's close: when `dirty()` it asks first. Escape reaches a dialog twice (the key and
 * the dialog's cancel event), so a second request right after an answer is ignored.
 */
export function useGuardedClose(dirty: () => boolean, close: () => void): () => void {
  const answeredAt = useRef(0);
  return () => {
    if (!dirty()) return close();
    if (Date.now() - answeredAt.current < 400) return;
    const leave = window.confirm(UNSAVED_CHANGES_QUESTION);
    answeredAt.current = Date.now();
    if (leave) close();
  };
}
