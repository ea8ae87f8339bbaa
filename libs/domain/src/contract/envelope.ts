/** Success envelopes of api-conventions.md: `{ ok: true, data, ... }`. */
export interface Ok<T> {
  ok: true;
  data: T;
}

/** A list answer: one page of records plus the paging totals. */
export interface Page<T> extends Ok<T[]> {
  totalItems: number;
  /**
   * Present when the list holds more than `totalItems` (its matches counted up to a bound: ADR
   * 0149); the client then shows "10 000+".
   */
  totalItemsIsLowerBound?: true;
  totalPages: number;
  page: number;
  limit: number;
}

export interface FieldError {
  field: string;
  message: string;
}

/** A failed answer's body: a non-2xx status with `ok: false`. */
export interface Failure {
  ok: false;
  code: string;
  message: string;
  details?: FieldError[];
  /** On a 404 for a record staff merged into another: the kept record's id. */
  mergedInto?: string;
  /** On a 404 for a deleted record (still none for the API). */
  deleted?: true;
  /** On a 409 FORM_ALREADY_CONVERTED: the organization the request became. */
  organizationId?: string;
  /** On a 401 TOTP_ENROLMENT_REQUIRED: the one-time token that opens the enrolment, and its life. */
  enrolmentToken?: string;
  validMinutes?: number;
}
