import { useEffect } from 'react';
import { useSmallScreen } from './RecordCards';

/**
 * On a phone a record's tabs scroll sideways in one row (app.css): the active one, opened by its
 * address or chosen, is scrolled into that row's view, so the user sees which tab is open. Wider
 * windows wrap the tabs and are left alone. `tabsId` is the react-bootstrap Tabs' `id`, whose
 * tab buttons are `${tabsId}-tab-${key}`; `shown` is false while the page still loads its record.
 */
export function useActiveTabIntoView(tabsId: string, activeKey: string, shown = true): void {
  const small = useSmallScreen();
  useEffect(() => {
    if (!small || !shown) return;
    const tab = document.getElementById(`${tabsId}-tab-${activeKey}`);
    // 'nearest' block: the page itself does not move, only the row of tabs.
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'center', behavior: 'smooth' });
  }, [small, shown, tabsId, activeKey]);
}
