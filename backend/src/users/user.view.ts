import { ApiProperty } from '@nestjs/swagger';
import { USER_ROLES, USER_STATUSES } from '@registra/domain';
import type { UserRole, UserSessionView, UserStatus, UserView } from '@registra/domain';
import { JsonView, PAGE_ROWS } from '../platform/database/json-view';
import { users, userSessions } from './users.schema';
import type { UserRow, UserSessionRow } from './users.schema';

/** A user as the API shows it (the shared contract): never a password, a hash or a secret code. */
export type { UserView };

/** The OpenAPI description of a UserView. */
export class UserViewDoc implements UserView {
  @ApiProperty() _id: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: USER_ROLES }) role: UserRole;
  @ApiProperty({ description: 'False once an administrator deactivated the account' })
  active: boolean;
  @ApiProperty({ enum: USER_STATUSES }) status: UserStatus;
  @ApiProperty({ description: 'Sign-in asks for an authenticator code' }) totpEnabled: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) lastLoginAt: string | null;
}

/**
 * A user as the API shows it: only the columns named here (the table keeps the password's hash),
 * and whether the account is active, from its status.
 */
export const USER_VIEW = new JsonView(users, {
  shown: [
    'id',
    'firstName',
    'lastName',
    'email',
    'role',
    'status',
    'totpEnabled',
    'createdAt',
    'lastLoginAt',
  ],
  extras: [{ key: 'active', sql: `${PAGE_ROWS}.status <> 'DISABLED'` }],
});

export const toUserView = (row: UserRow): UserView =>
  USER_VIEW.toView(row, { active: row.status !== 'DISABLED' }) as unknown as UserView;

/** The OpenAPI description of a UserSessionView. */
export class UserSessionViewDoc implements UserSessionView {
  @ApiProperty() _id: string;
  @ApiProperty({ nullable: true, type: String, description: "The browser's User-Agent" })
  device: string | null;
  @ApiProperty({ nullable: true, type: String }) address: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) lastSeenAt: string;
  @ApiProperty({ description: 'The session of the token that asked' }) current: boolean;
}

/** A session as its account's list shows it: where and when it started, when last seen. */
export const SESSION_VIEW = new JsonView(userSessions, {
  shown: ['id', 'userAgent', 'address', 'createdAt', 'lastSeenAt'],
  renamed: { userAgent: 'device' },
});

/** {@link SESSION_VIEW}, and whether it is the session of the token that asked. */
export const toSessionView = (row: UserSessionRow, currentSessionId: string): UserSessionView =>
  ({
    ...SESSION_VIEW.toView(row),
    current: row.id === currentSessionId,
  }) as UserSessionView;

/** The signed-in user attached to a request (the platform's session port names it). */
export type { AuthUser } from '../platform/auth/session-authentication';

/** The name a user goes by in the history and in mails. */
export const fullNameOf = (user: { firstName: string; lastName: string }): string =>
  `${user.firstName} ${user.lastName}`.trim();
