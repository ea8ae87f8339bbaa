import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { preloadPages } from '../lib/lazyPage';
import { makeStore } from '../lib/store';
import type { User } from '../types/api';
import { loadAppUnderTest } from './appUnderTest';

// The app's routes and provider, handed over by the composition root (src/app/testing.ts).
const { routes, Provider: AppProvider } = await loadAppUnderTest();

// The router's pages are lazy: load them all with these helpers, as the eager router did, so that
// no test's first screen waits for its page's modules to be compiled.
await preloadPages();

/**
 * The app's store, but RTK Query's batched cache updates reach the components on the next timer
 * rather than on jsdom's next 16 ms frame: in a browser the frame comes before the paint, so a
 * test, like the user, sees a saved value as soon as the local state that follows it (an editor
 * closing, a toast).
 */
const makeTestStore = () => makeStore(undefined, { type: 'timer', timeout: 0 });

/** Mounts the whole app (real store, real routes) at `path` in a memory router. */
export function renderApp(path: string) {
  const store = makeTestStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, store, router };
}

/** Mounts one component with a fresh store and the toast outlet, without routes. */
export function renderWithStore(ui: ReactElement) {
  const store = makeTestStore();
  const view = render(<AppProvider store={store}>{ui}</AppProvider>);
  return { ...view, store };
}

export const aoife: User = {
  _id: 'u1',
  firstName: 'Aoife',
  lastName: 'Murphy',
  email: 'aoife@firm.test',
  role: 'staff',
  active: true,
  status: 'ACTIVE',
  totpEnabled: false,
  createdAt: '2025-01-01T09:00:00.000Z',
  lastLoginAt: null,
};

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export interface Call {
  method: string;
  path: string;
  /** The query string's parameters (GET calls). */
  query: Record<string, string>;
  authorization: string | null;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

/** A JSON body as its value; any other body (a multipart upload) as its text. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Replaces global fetch with `handlers`, keyed "METHOD /api/path"; an unexpected call fails the
 * test loudly. Returns the calls made, in order.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    const call: Call = {
      method: request.method,
      path: new URL(request.url).pathname,
      query: Object.fromEntries(new URL(request.url).searchParams),
      authorization: request.headers.get('Authorization'),
      body: text ? parseBody(text) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    if (!handler) throw new Error(`Unexpected call ${call.method} ${call.path}`);
    return handler(call);
  };
  vi.stubGlobal('fetch', vi.fn(fetchMock));
  return calls;
}

/** A promise the test settles by hand, to look at the screen while a call is pending. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The server's refusal of a request's fields (400 VALIDATION_ERROR), one detail per field. */
export const validationRefusal = (details: { field: string; message: string }[]) =>
  json(400, { ok: false, code: 'VALIDATION_ERROR', message: 'Some fields are invalid', details });
