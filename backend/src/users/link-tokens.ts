import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { UsersRepository } from './users.repository';
import type { UserRow, UserTokenPurpose } from './users.schema';

const hashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The tokens of one-time links (an invitation, a password reset, the enrolment a required
 * two-factor sign-in asks for): 32 random bytes, of which only the SHA-256 is stored; the token
 * itself goes to the user alone.
 */
@Injectable()
export class LinkTokens {
  constructor(private readonly repository: UsersRepository) {}

  /** A new token valid `validMs`; the account's earlier links of that purpose stop working. */
  async issue(userId: string, purpose: UserTokenPurpose, validMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.repository.createToken(
      userId,
      purpose,
      hashOf(token),
      new Date(Date.now() + validMs),
    );
    return token;
  }

  /** The live account a live token stands for; the token stays usable. */
  peek(token: string, purpose: UserTokenPurpose): Promise<UserRow | undefined> {
    return this.repository.peekToken(hashOf(token), purpose, new Date());
  }

  /** The live account a live token stands for; the token is used up (a second use finds none). */
  consume(token: string, purpose: UserTokenPurpose, at: Date): Promise<UserRow | undefined> {
    return this.repository.consumeToken(hashOf(token), purpose, at);
  }
}
