import { isValidElement, lazy } from 'react';
import type { ComponentType, ReactNode } from 'react';

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

/** Loads the modules of every lazy page declared so far (the tests do, before rendering). */
export async function preloadPages(): Promise<void> {
  await Promise.all([...loaders].map((load) => load()));
}
