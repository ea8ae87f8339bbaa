import { makeStore } from '../lib/store';

/** The app's one store (main.tsx); the tests make one each with `makeStore`. */
export const store = makeStore();
