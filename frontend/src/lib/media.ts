import { useCallback, useSyncExternalStore } from 'react';

/** Below Bootstrap's `md` breakpoint (768 px): a phone, where list rows become cards. */
const SMALL_SCREEN = '(max-width: 767.98px)';
/** Below Bootstrap's `sm` breakpoint (576 px): a phone held upright. */
const PHONE_UPRIGHT = '(max-width: 575.98px)';
/** From Bootstrap's `lg` breakpoint (992 px): room for the side navigation beside the page. */
const WIDE = '(min-width: 992px)';

/**
 * Whether the window matches a CSS media query; follows the window as it is resized or turned.
 * `fallback` is the answer where there is no window to ask (tests without matchMedia).
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener?.('change', onChange);
      return () => list.removeEventListener?.('change', onChange);
    },
    [query],
  );
  const matches = () =>
    typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback;
  return useSyncExternalStore(subscribe, matches, () => fallback);
}

/** True on a phone-sized window (below 768 px). */
export const useSmallScreen = () => useMediaQuery(SMALL_SCREEN);

/** True below 576 px (a phone held upright), where even a month's seven columns are tight. */
export const usePhoneScreen = () => useMediaQuery(PHONE_UPRIGHT);

/** True from 992 px, where the side navigation stays beside the page. */
export const useWideScreen = () => useMediaQuery(WIDE);
