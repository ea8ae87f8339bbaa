// Record shapes of staff accounts in the OpenAPI document (libs/domain/src/contract/users.ts).
import { USER_ROLES, USER_STATUSES } from '@registra/domain';
import {
  apiArray,
  apiBoolean,
  apiEnum,
  apiId,
  apiInteger,
  apiNullableString,
  apiNullableTimestamp,
  apiObject,
  apiSchema,
  apiString,
  apiTimestamp,
  okEnvelope,
} from '../platform/http/openapi';

export const USER_VIEW = apiSchema(
  'UserView',
  apiObject({
    _id: apiId,
    firstName: apiString,
    lastName: apiString,
    email: apiString,
    role: apiEnum(USER_ROLES),
    active: apiBoolean,
    status: apiEnum(USER_STATUSES),
    totpEnabled: apiBoolean,
    createdAt: apiTimestamp,
    lastLoginAt: apiNullableTimestamp,
  }),
);

/** Sign-in, sign-up and signin_token: the user and a (fresh) token beside it. */
export const SESSION_ANSWER = apiSchema(
  'SessionAnswer',
  okEnvelope(USER_VIEW, { token: { type: 'string', description: 'Sent as `JWT <token>`' } }),
);

/** A required enrolment confirmed: the session the sign-in held back, and the recovery codes. */
export const ENROLLED_SESSION_ANSWER = apiSchema(
  'EnrolledSessionAnswer',
  okEnvelope(USER_VIEW, {
    token: { type: 'string', description: 'Sent as `JWT <token>`' },
    recoveryCodes: apiArray(apiString),
  }),
);

export const USER_SESSION_VIEW = apiSchema(
  'UserSessionView',
  apiObject({
    _id: apiId,
    device: apiNullableString,
    address: apiNullableString,
    createdAt: apiTimestamp,
    lastSeenAt: apiTimestamp,
    current: apiBoolean,
  }),
);

export const TOTP_ENROLMENT = apiSchema(
  'TotpEnrolment',
  apiObject({
    secret: apiString,
    otpauthUrl: apiString,
    qrCode: { type: 'string', description: 'The otpauth URL as a QR code (PNG data URL)' },
  }),
);

export const RECOVERY_CODES = apiObject({ recoveryCodes: apiArray(apiString) });
export const SESSIONS_ENDED = apiObject({ ended: apiInteger });
