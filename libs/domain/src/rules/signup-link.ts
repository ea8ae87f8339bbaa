/**
 * The signup-app (finotor) invitation: prerequisites, hint texts and the link
 * (docs/product/organizations-and-people.md, "The sign-up app").
 */
import type { FinotorFilter, FinotorStatus } from '../enums';
import { FINOTOR_FILTER_STATUSES } from '../enums';
import { MESSAGES } from '../messages';

export interface SignupLinkSource {
  /** The organization's first director (POST /linkpeopleorganization/search with roles director). */
  director?: { firstName?: string | null; lastName?: string | null } | null;
  organizationName?: string | null;
  organizationMail?: string | null;
}

const trimmed = (value: string | null | undefined): string => (value ?? '').trim();
const filled = (value: string | null | undefined): boolean => trimmed(value) !== '';

/**
 * "Signup link and send button are disabled unless a director with first and last name, the
 * organization name and the organization mail all exist; a hint lists what is missing."
 */
export function signupLinkMissing(source: SignupLinkSource): string[] {
  const missing: string[] = [];
  if (!source.director) {
    missing.push(MESSAGES.hintDirectorMissing);
  } else {
    if (!filled(source.director.firstName)) missing.push(MESSAGES.hintDirectorFirstName);
    if (!filled(source.director.lastName)) missing.push(MESSAGES.hintDirectorLastName);
  }
  if (!filled(source.organizationName)) missing.push(MESSAGES.hintOrganizationName);
  if (!filled(source.organizationMail)) missing.push(MESSAGES.hintOrganizationMail);
  return missing;
}

export const canSendSignupLink = (source: SignupLinkSource): boolean =>
  signupLinkMissing(source).length === 0;

/** "a fixed origin tag": the signup app attributes the sign-up to this back office. */
export const SIGNUP_LINK_ORIGIN = 'registra';

/** Query parameter names of the link (ours: the firm names the parts, not the parameters). */
export const SIGNUP_LINK_PARAMS = {
  firstName: 'firstname',
  lastName: 'lastname',
  organizationName: 'company',
  mail: 'email',
  origin: 'origin',
} as const;

/**
 * "The signup link is built from the director's first and last name, organization name, mail and
 * a fixed origin tag; its host is not shown": the host is the caller's (configuration).
 */
export function buildSignupLink(baseUrl: string, source: SignupLinkSource): string {
  const missing = signupLinkMissing(source);
  if (missing.length > 0) throw new RangeError(`Signup link needs: ${missing.join(', ')}`);
  const url = new URL(baseUrl);
  const p = SIGNUP_LINK_PARAMS;
  const director = source.director ?? {};
  url.searchParams.set(p.firstName, trimmed(director.firstName));
  url.searchParams.set(p.lastName, trimmed(director.lastName));
  url.searchParams.set(p.organizationName, trimmed(source.organizationName));
  url.searchParams.set(p.mail, trimmed(source.organizationMail));
  url.searchParams.set(p.origin, SIGNUP_LINK_ORIGIN);
  return url.toString();
}

/** "Sending the signup e-mail sets it to sent and records finotorEmailSentAt." */
export const afterSignupEmailSent = (
  now: Date = new Date(),
): { finotor: FinotorStatus; finotorEmailSentAt: string } => ({
  finotor: 'sent',
  finotorEmailSentAt: now.toISOString(),
});

/** The statuses a signup-app filter value matches. */
export const finotorStatusesForFilter = (filter: FinotorFilter): readonly FinotorStatus[] =>
  FINOTOR_FILTER_STATUSES[filter];
