export type UserRole = 'admin' | 'staff';
export const USER_ROLES: readonly UserRole[] = ['admin', 'staff'];

/**
 * Where a staff account stands: INVITED (the invitation is not accepted yet), ACTIVE, or
 * DISABLED (deactivated by an administrator: no session, no sign-in, no sign-up with its e-mail).
 */
export type UserStatus = 'INVITED' | 'ACTIVE' | 'DISABLED';
export const USER_STATUSES: readonly UserStatus[] = ['INVITED', 'ACTIVE', 'DISABLED'];

/** The columns the administrators' Users list sorts by (GET /user `sortField`); name by default. */
export const USER_SORT_FIELDS = ['name', 'email', 'role', 'status', 'lastLoginAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** A staff account as the API shows it: never a password, a hash or a secret code. */
export interface UserView {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: UserRole;
  /** False once an administrator deactivated the account. */
  active: boolean;
  status: UserStatus;
  /** Sign-in asks for a second factor (an authenticator app's code, or a recovery code). */
  totpEnabled: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

/** One signed-in session of GET /user/sessions. */
export interface UserSessionView {
  _id: string;
  /** The browser's User-Agent when the session started. */
  device: string | null;
  /** The client address the session started from. */
  address: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** The session this list was asked with. */
  current: boolean;
}
