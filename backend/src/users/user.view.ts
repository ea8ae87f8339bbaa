import { ApiProperty } from '@nestjs/swagger';
import type { UserView } from '@registra/domain';
import type { UserRow } from './users.schema';

/** A user as the API shows it (the shared contract): never a password, a hash or a secret code. */
export type { UserView };

/** The OpenAPI description of a UserView. */
export class UserViewDoc implements UserView {
  @ApiProperty() _id: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty() email: string;
  @ApiProperty({ enum: ['admin', 'staff'] }) role: 'admin' | 'staff';
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
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
  };
}

/** The signed-in user attached to a request (the platform's session port names it). */
export type { AuthUser } from '../platform/auth/session-authentication';
