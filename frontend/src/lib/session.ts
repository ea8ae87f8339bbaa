import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SessionEndCode } from '@registra/domain';
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
  /**
   * Why the last session ended without its user signing out (the server's 401 said so), for the
   * sign-in screen to tell; null after a sign-out of one's own and once signed in again.
   */
  endedBecause: SessionEndCode | null;
}

const initialState: SessionState = { user: null, endedBecause: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.endedBecause = null;
    },
    signedOut(state) {
      state.user = null;
    },
    /** The server refused the session and said why (expired, signed out elsewhere, deactivated). */
    sessionEnded(state, action: PayloadAction<SessionEndCode>) {
      state.user = null;
      state.endedBecause = action.payload;
    },
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectSessionEndReason: (state) => state.endedBecause,
  },
});

export const { signedIn, signedOut, sessionEnded } = sessionSlice.actions;
export const { selectCurrentUser, selectSessionEndReason } = sessionSlice.selectors;
