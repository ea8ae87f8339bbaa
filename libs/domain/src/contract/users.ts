export type UserRole = 'admin' | 'staff';

/** A staff account as the API shows it: never a password, a hash or a secret code. */
export interface UserView {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: UserRole;
  createdAt: string;
  lastLoginAt: string | null;
}
