import { lazy } from 'react';
import type { ComponentType } from 'react';

const loaders = new Set<() => Promise<unknown>>();

/**
 * A page loaded on its first render from the module `load` imports (its own chunk in the build),
 * by its export `name`. It suspends meanwhile: the router's Suspense boundary shows the spinner.
 */
export function lazyPage<Name extends string, Module extends Record<Name, ComponentType>>(
  load: () => Promise<Module>,
  name: Name,
) {
  loaders.add(load);
  return lazy(async () => ({ default: (await load())[name] }));
}

/** Loads the modules of every lazy page declared so far (the tests do, before rendering). */
export async function preloadPages(): Promise<void> {
  await Promise.all([...loaders].map((load) => load()));
}
