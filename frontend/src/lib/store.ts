import { combineSlices, configureStore } from '@reduxjs/toolkit';
import type { AutoBatchOptions } from '@reduxjs/toolkit';
import { api } from './api';
import { sessionSlice } from './session';

const rootReducer = combineSlices(api, sessionSlice);

export type RootState = ReturnType<typeof rootReducer>;

/**
 * A fresh store: one for the app, and one per test so that no state leaks between tests.
 * `autoBatch`: when RTK Query's batched cache updates reach the components; by default on the
 * next animation frame, which a browser runs before it paints (the tests' jsdom frames are 16 ms
 * timers instead: see src/test/render.tsx).
 */
export const makeStore = (preloadedState?: Partial<RootState>, autoBatch?: AutoBatchOptions) =>
  configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
    enhancers: (getDefaultEnhancers) => getDefaultEnhancers({ autoBatch: autoBatch ?? true }),
  });

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
