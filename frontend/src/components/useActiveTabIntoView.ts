import { useEffect } from 'react';
import { useSmallScreen } from '../lib/media';

/** Runs `work` after the browser's next paint, when the layout is computed already. */
function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = window.requestAnimationFrame
    ? window.requestAnimationFrame(() => (timer = setTimeout(work)))
    : undefined;
  if (frame === undefined) timer = setTimeout(work);
  return () => {
    if (frame !== undefined) window.cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * On a phone a record's tabs scroll sideways in one row (app.css): the active one, opened by its
 * address or chosen, is scrolled into that row's view, so the user sees which tab is open. Wider
 * windows wrap the tabs and are left alone. `tabsId` is the react-bootstrap Tabs' `id`, whose
 * tab buttons are `${tabsId}-tab-${key}`; `shown` is false while the page still loads its record.
 * The scroll waits for the page's first paint: asked while the page is being built, it made the
 * browser lay the whole page out then, inside the task that builds it (a phone's long task).
 */
export function useActiveTabIntoView(tabsId: string, activeKey: string, shown = true): void {
  const small = useSmallScreen();
  useEffect(() => {
    if (!small || !shown) return;
    return afterNextPaint(() => {
      const tab = document.getElementById(`${tabsId}-tab-${activeKey}`);
      // 'nearest' block: the page itself does not move, only the row of tabs.
      tab?.scrollIntoView?.({ block: 'nearest', inline: 'center', behavior: 'smooth' });
    });
  }, [small, shown, tabsId, activeKey]);
}
