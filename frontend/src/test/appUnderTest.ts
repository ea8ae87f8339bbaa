import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { AppStore } from '../lib/store';

/**
 * What the render helpers (render.tsx) mount: the app's routes and its provider. Shared test code
 * never imports src/app (docs/architecture.md), so the composition root hands them over itself,
 * from a Vitest setup file (src/app/testing.ts); they load when a test file imports render.tsx.
 */
export interface AppUnderTest {
  routes: RouteObject[];
  Provider: ComponentType<{ store: AppStore; children: ReactNode }>;
}

let load: (() => Promise<AppUnderTest>) | undefined;

/** Called by src/app/testing.ts, before each test file. */
export function provideAppUnderTest(loader: () => Promise<AppUnderTest>): void {
  load = loader;
}

export function loadAppUnderTest(): Promise<AppUnderTest> {
  if (!load)
    throw new Error(
      'No app to mount: src/app/testing.ts provides it (a setup file in vite.config.ts)',
    );
  return load();
}
