// A Vitest setup file (vite.config.ts): the app that the shared render helpers mount
// (src/test/render.tsx), since shared test code never imports src/app. Imported when a test file
// asks for it: one that renders nothing never loads the router and its pages, and its vi.mock
// calls apply to what they import.
import { provideAppUnderTest } from '../test/appUnderTest';

provideAppUnderTest(async () => {
  const { AppProvider } = await import('./provider');
  const { routes } = await import('./router');
  return { routes, Provider: AppProvider };
});
