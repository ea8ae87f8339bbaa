import { vi } from 'vitest';

/**
 * A window.matchMedia for jsdom (which has none): `matches` says whether the window is as
 * `query` asks (a phone-sized one, for the small-screen tests); react-hot-toast asks it too.
 */
export function fakeMatchMedia(matches: (query: string) => boolean) {
  return vi.fn((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })) as unknown as typeof window.matchMedia;
}

/** Makes the window phone-sized (below the md breakpoint) or wide; returns the undo. */
export function stubSmallScreen(small: boolean) {
  const original = window.matchMedia;
  window.matchMedia = fakeMatchMedia((query) => small && query === '(max-width: 767.98px)');
  return () => {
    window.matchMedia = original;
  };
}
