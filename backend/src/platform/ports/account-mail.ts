import { Injectable } from '@nestjs/common';

/** The mails the users context sends about an account itself. */
export type AccountMailKind = 'user-invitation' | 'password-reset';

export interface AccountMailRequest {
  kind: AccountMailKind;
  to: string;
  /** The template's parameters: firstName, link, and invitedBy for an invitation. */
  params: Record<string, string>;
  /** Who asked for it (the inviting or resetting administrator), or nobody (forgot password). */
  requestedBy: { id: string; name: string; email?: string | null } | null;
}

export type SendAccountMail = (request: AccountMailRequest) => Promise<void>;

/**
 * The mail context writes account mails (an invitation's sign-up link, a password-reset link) to
 * its outbox for the users context through this port: the mail context already depends on the
 * users context, so the users context cannot import it. The mail module registers the sender
 * when it starts.
 */
@Injectable()
export class AccountMail {
  private sender: SendAccountMail | undefined;

  register(sender: SendAccountMail): void {
    this.sender = sender;
  }

  send(request: AccountMailRequest): Promise<void> {
    if (!this.sender) throw new Error('The mail module is not loaded');
    return this.sender(request);
  }
}
