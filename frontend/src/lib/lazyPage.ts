import { isValidElement, lazy } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { Params } from 'react-router-dom';
import type { AppDispatch } from './store';

const loaders = new Set<() => Promise<unknown>>();

/** A lazy page, with the loader of its module: a caller may start the download before it renders. */
export type LazyPage = ReturnType<typeof lazy> & { preload: () => Promise<unknown> };

/**
 * A page loaded on its first render from the module `load` imports (its own chunk in the build),
 * by its export `name`. It suspends meanwhile: the router's Suspense boundary shows the spinner.
 */
export function lazyPage<Name extends string, Module extends Record<Name, ComponentType>>(
  load: () => Promise<Module>,
  name: Name,
) {
  loaders.add(load);
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { preload: load },
  );
}

/** The lazy page an element shows, or null when it shows something else. */
export function lazyPageOf(element: ReactNode): LazyPage | null {
  if (!isValidElement(element)) return null;
  const type = element.type as Partial<LazyPage>;
  return typeof type.preload === 'function' ? (type as LazyPage) : null;
}

/**
 * Starts the download of the lazy page an element shows, if it is one. The browser keeps one
 * module per address: the page's own render later finds it loaded or on its way (and shows the
 * error page if it failed).
 */
export function preloadPageOf(element: ReactNode): void {
  void lazyPageOf(element)
    ?.preload()
    .catch(() => undefined);
}

/**
 * What a route may start before its page renders (its `handle`): the request of the record its
 * address names, so that the answer is on its way while the page's code loads.
 */
export interface RouteHandle {
  prefetch?: (params: Params, dispatch: AppDispatch) => void;
}

/**
 * The handle of a record page's route (`…/:id`): `request` asks for the record through the
 * feature's API slice, itself loaded then (a small chunk the page imports too), so that the
 * page's query finds the answer in the cache or on its way.
 */
export const prefetchRecord = (
  request: (id: string, dispatch: AppDispatch) => Promise<unknown>,
): RouteHandle => ({
  prefetch: ({ id }, dispatch) => {
    if (id) void request(id, dispatch).catch(() => undefined);
  },
});

/** Loads the modules of every lazy page declared so far (the tests do, before rendering). */
export async function preloadPages(): Promise<void> {
  await Promise.all([...loaders].map((load) => load()));
}
