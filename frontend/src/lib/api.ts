import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import {
  API_PREFIX,
  authorizationHeader,
  isSessionEndCode,
  SIGN_IN_ANSWER_CODES,
} from '@registra/domain';
import type { FailureAnswer, FieldError } from '../types/api';
import { clearToken, readToken, sessionEnded, signedOut } from './session';

/** Why a call failed: the server's envelope, or what stood in for it when there was none. */
export interface ApiError {
  /** The HTTP status, or RTK Query's word for a call that got no usable answer. */
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  /**
   * The server's UPPER_SNAKE_CASE code. Absent when no envelope came back (network failure, a
   * proxy's error page), because several screens fall back to the message or to "Error" then.
   */
  code?: string;
  message: string;
  details?: FieldError[];
  /** On a 404 for a record staff merged into another: the kept record's id. */
  mergedInto?: string;
  /**
   * On a sign-in's 401 TOTP_ENROLMENT_REQUIRED: the one-time token that can only enrol an
   * authenticator app (the firm requires two-factor sign-in).
   */
  enrolmentToken?: string;
  /** On a 404 for a deleted record: true, so its address can say so. */
  deleted?: boolean;
}

export const isApiError = (value: unknown): value is ApiError =>
  typeof value === 'object' &&
  value !== null &&
  'status' in value &&
  typeof (value as { message?: unknown }).message === 'string';

const isFailureAnswer = (body: unknown): body is FailureAnswer =>
  typeof body === 'object' && body !== null && (body as { ok?: unknown }).ok === false;

/**
 * The sign-in form's own 401s (wrong password, wrong or missing code) answer the form; they are
 * not a sign that a session ended.
 */
const endsSession = (error: ApiError) =>
  error.status === 401 && !SIGN_IN_ANSWER_CODES.some((code) => code === error.code);

/**
 * An expired or revoked token ends the session wherever it is noticed; the guard then sends the
 * user to sign-in, which says why when the server did (SESSION_EXPIRED, SESSION_SIGNED_OUT,
 * SESSION_ACCOUNT_DISABLED). Skipped when a new session started while the call was on its way.
 * Also used by the calls made outside RTK Query (file uploads and downloads).
 */
export function endSessionIfRefused(
  error: ApiError,
  sentToken: string | null,
  dispatch: (action: ReturnType<typeof signedOut> | ReturnType<typeof sessionEnded>) => unknown,
): void {
  if (endsSession(error) && readToken() === sentToken) {
    clearToken();
    dispatch(isSessionEndCode(error.code) ? sessionEnded(error.code) : signedOut());
  }
}

/** The answer's envelope made an {@link ApiError}; for calls made without RTK Query. */
export function envelopeError(status: number, body: unknown): ApiError {
  if (isFailureAnswer(body)) {
    const { code, message, details } = body;
    return { status, code, message, details };
  }
  return { status, message: `The server answered ${status}.` };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_PREFIX,
  prepareHeaders: (headers) => {
    const token = readToken();
    if (token) headers.set('Authorization', authorizationHeader(token));
    return headers;
  },
});

function toApiError(error: FetchBaseQueryError): ApiError {
  if (isFailureAnswer(error.data)) {
    const { code, message, details, mergedInto, enrolmentToken, deleted } =
      error.data as FailureAnswer & {
        mergedInto?: string;
        enrolmentToken?: string;
        deleted?: boolean;
      };
    return {
      status: error.status,
      code,
      message,
      details,
      ...(mergedInto ? { mergedInto } : {}),
      ...(enrolmentToken ? { enrolmentToken } : {}),
      ...(deleted === true ? { deleted } : {}),
    };
  }
  switch (error.status) {
    case 'FETCH_ERROR':
      return { status: error.status, message: 'The server could not be reached.' };
    case 'TIMEOUT_ERROR':
      return { status: error.status, message: 'The server did not answer in time.' };
    case 'PARSING_ERROR':
      return {
        status: error.originalStatus,
        message: `The server answered ${error.originalStatus} with an unreadable body.`,
      };
    case 'CUSTOM_ERROR':
      return { status: error.status, message: error.error };
    default:
      return { status: error.status, message: `The server answered ${error.status}.` };
  }
}

/**
 * fetchBaseQuery plus the API's envelope: `{ ok: false, ... }` (whatever the status) and every
 * failure become an {@link ApiError}; a successful answer's whole body is the data, because some
 * calls carry fields beside `data` (token, paging totals).
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (
  args,
  queryApi,
  extraOptions,
) => {
  const sentToken = readToken();
  const result = await rawBaseQuery(args, queryApi, extraOptions);
  let error: ApiError | undefined;
  if (result.error) {
    error = toApiError(result.error);
  } else if (isFailureAnswer(result.data)) {
    const { code, message, details } = result.data;
    error = { status: result.meta?.response?.status ?? 'CUSTOM_ERROR', code, message, details };
  }
  if (!error) return { data: result.data, meta: result.meta };

  endSessionIfRefused(error, sentToken, queryApi.dispatch);
  return { error, meta: result.meta };
};

/** The one RTK Query API of the client; every feature adds its calls with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'User',
    'Person',
    'Organization',
    'Link',
    'FollowUp',
    'Subscription',
    'Product',
    'Order',
    'Task',
    'Form',
    'Email',
    'Dashboard',
    'Audit',
    'Import',
    'CalendarFeed',
    'FirmSettings',
    'Session',
    'ShareCapital',
    'Register',
  ],
  endpoints: () => ({}),
});
