import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { MESSAGES } from '@registra/domain';
import { ConfirmDialog } from './ConfirmDialog';

export interface UnsavedChangesPromptProps {
  /** True while the form holds unsaved changes. */
  when: boolean;
  /** Prefixes the question with "You have unsaved changes." (one variant). */
  withPrefix?: boolean;
  /**
   * Navigations that stay at or under this path are let through, e.g. `/people/{id}` so that a
   * tab switch (which keeps the form mounted) does not ask.
   */
  basePath?: string;
}

const isUnder = (pathname: string, basePath: string) =>
  pathname === basePath || pathname.startsWith(`${basePath.replace(/\/$/, '')}/`);

/**
 * Guards a dirty form: asks before an in-app navigation leaves the page (react-router's
 * blocker, so it needs a data router) and lets the browser ask before a reload or tab close.
 */
export function UnsavedChangesPrompt({
  when,
  withPrefix = false,
  basePath,
}: UnsavedChangesPromptProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      nextLocation.pathname !== currentLocation.pathname &&
      !(basePath && isUnder(nextLocation.pathname, basePath)),
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only ask when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  // The form was saved or reset while the question was open: let the navigation through.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  const message = withPrefix ? MESSAGES.confirmLeaveUnsaved : MESSAGES.confirmLeave;
  return (
    <ConfirmDialog
      show={blocker.state === 'blocked'}
      title="Unsaved changes"
      message={message}
      confirmLabel="Leave"
      cancelLabel="Stay"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
