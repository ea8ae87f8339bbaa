// Shapes of the HTTP API's answers (shared/docs/api-conventions.md), used by every feature.

/** A successful answer: HTTP 200 with `ok: true`; some calls add fields beside `data`. */
export interface OkAnswer<T> {
  ok: true;
  data: T;
}

/** A list answer: one page of records plus the paging totals. */
export interface ListAnswer<T> extends OkAnswer<T[]> {
  totalItems: number;
  totalPages: number;
  page: number;
  limit: number;
}

export interface FieldError {
  field: string;
  message: string;
}

/** A failed answer's body: a non-2xx status with `ok: false`. */
export interface FailureAnswer {
  ok: false;
  code: string;
  message: string;
  details?: FieldError[];
}

export type UserRole = 'admin' | 'staff';

/** A staff account as the API shows it (never a password or a secret code). */
export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: UserRole;
  createdAt: string;
  lastLoginAt: string | null;
}
