import { ApiProperty } from '@nestjs/swagger';
import { USER_ROLES, USER_STATUSES } from '@registra/domain';
import type { UserRole, UserSessionView, UserStatus, UserView } from '@registra/domain';
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

export function toUserView(row: UserRow): UserView {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    active: row.status !== 'DISABLED',
    status: row.status,
    totpEnabled: row.totpEnabled,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
  };
}

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

export function toSessionView(row: UserSessionRow, currentSessionId: string): UserSessionView {
  return {
    _id: row.id,
    device: row.userAgent,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  };
}

/** The signed-in user attached to a request (the platform's session port names it). */
export type { AuthUser } from '../platform/auth/session-authentication';
