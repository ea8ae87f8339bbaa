// Record shapes of staff accounts in the OpenAPI document (libs/domain/src/contract/users.ts).
import { USER_ROLES, USER_STATUSES } from '@registra/domain';
import { api, okEnvelope } from '../platform/http/openapi';

export const USER_VIEW = api.record('UserView', {
  _id: api.id,
  firstName: api.string,
  lastName: api.string,
  email: api.string,
  role: api.enum(USER_ROLES),
  active: api.boolean,
  status: api.enum(USER_STATUSES),
  totpEnabled: api.boolean,
  createdAt: api.timestamp,
  lastLoginAt: api.nullableTimestamp,
});

const session = okEnvelope(USER_VIEW, {
  token: { type: 'string', description: 'Sent as `JWT <token>`' },
});

/**
 * Sign-in, sign-up and signin_token: the user and a (fresh) token beside it; after a sign-in with
 * a recovery code, how many are left (optional: only then).
 */
export const SESSION_ANSWER = api.schema('SessionAnswer', {
  ...session,
  properties: {
    ...session.properties,
    recoveryCodesLeft: {
      ...api.integer,
      description: 'Only after a sign-in with a recovery code: the unused codes left',
    },
  },
});

/** A required enrolment confirmed: the session the sign-in held back, and the recovery codes. */
export const ENROLLED_SESSION_ANSWER = api.schema(
  'EnrolledSessionAnswer',
  okEnvelope(USER_VIEW, {
    token: { type: 'string', description: 'Sent as `JWT <token>`' },
    recoveryCodes: api.array(api.string),
  }),
);

export const USER_SESSION_VIEW = api.record('UserSessionView', {
  _id: api.id,
  device: api.nullableString,
  address: api.nullableString,
  createdAt: api.timestamp,
  lastSeenAt: api.timestamp,
  current: api.boolean,
});

export const TOTP_ENROLMENT = api.record('TotpEnrolment', {
  secret: api.string,
  otpauthUrl: api.string,
  qrCode: { type: 'string', description: 'The otpauth URL as a QR code (PNG data URL)' },
});

export const RECOVERY_CODES = api.object({ recoveryCodes: api.array(api.string) });
export const SESSIONS_ENDED = api.object({ ended: api.integer });
