import { TOAST_DEFAULT_MS, TOAST_LOADING_MS, TOAST_SUCCESS_MS } from '@registra/domain';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ExtensionsContext } from '../components/extensions';
import { AppToaster } from '../components/ToastText';
import type { Extensions } from '../components/extensions';
import { APP_EXTENSIONS } from './extensions';
import type { AppStore } from '../lib/store';

/**
 * Success toasts last 2000 ms, others 4000 ms, loading ones stay until dismissed (limits.ts).
 * react-hot-toast's own limit is the product's 20 toasts at once (TOAST_MAX_VISIBLE).
 */
const TOAST_OPTIONS = {
  duration: TOAST_DEFAULT_MS,
  success: { duration: TOAST_SUCCESS_MS },
  loading: { duration: TOAST_LOADING_MS },
};

/**
 * The store, the features' contributions to each other's screens and the one toast outlet, around
 * whatever router the caller mounts.
 */
export function AppProvider({
  store,
  extensions = APP_EXTENSIONS,
  children,
}: {
  store: AppStore;
  extensions?: Extensions;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <ExtensionsContext.Provider value={extensions}>{children}</ExtensionsContext.Provider>
      <AppToaster toastOptions={TOAST_OPTIONS} />
    </Provider>
  );
}
