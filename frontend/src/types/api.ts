// Shapes of the HTTP API's answers (docs/api-conventions.md), used by every feature.

import type { Failure, FieldError, Ok, Page, UserRole, UserView } from '@registra/domain';

/** A successful answer: HTTP 200 with `ok: true`; some calls add fields beside `data`. */
export type OkAnswer<T> = Ok<T>;

/** A list answer: one page of records plus the paging totals. */
export type ListAnswer<T> = Page<T>;

/** A failed answer's body: a non-2xx status with `ok: false`. */
export type FailureAnswer = Failure;

export type { FieldError, UserRole };

/** A staff account as the API shows it (never a password or a secret code). */
export type User = UserView;
