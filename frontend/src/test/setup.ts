import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach } from 'vitest';
import { fakeMatchMedia } from './matchMedia';

// jsdom has no matchMedia; react-hot-toast asks it whether the user prefers reduced motion.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: fakeMatchMedia(() => false),
});

// Node's Request (which jsdom lacks, so Vitest lends it) refuses relative URLs such as RTK Query's
// '/api/...'; a browser resolves them against the page, and so does this.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href).href : input, init);
  }
};

// Pages are loaded lazily (split from the first screen's JavaScript): a test's first render of
// one imports its module, which on a busy 2-core machine took longer than the default 1 s that
// findBy* and waitFor wait.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  // The toast store and local storage are global: a test must not see the previous one's.
  toast.remove();
  localStorage.clear();
});
