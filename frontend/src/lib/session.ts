import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../types/api';

/** The local-storage key of the session token (the domain's SESSION_TOKEN_STORAGE_KEY). */
export const TOKEN_STORAGE_KEY = 'token';

export const readToken = (): string | null => localStorage.getItem(TOKEN_STORAGE_KEY);
export const storeToken = (token: string): void => localStorage.setItem(TOKEN_STORAGE_KEY, token);
export const clearToken = (): void => localStorage.removeItem(TOKEN_STORAGE_KEY);

export const fullName = (user: Pick<User, 'firstName' | 'lastName'>): string =>
  `${user.firstName} ${user.lastName}`.trim();

export interface SessionState {
  /** The signed-in user; null until the server has confirmed a session. */
  user: User | null;
}

const initialState: SessionState = { user: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
    signedOut(state) {
      state.user = null;
    },
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
  },
});

export const { signedIn, signedOut } = sessionSlice.actions;
export const { selectCurrentUser } = sessionSlice.selectors;
