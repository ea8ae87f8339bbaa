/**
 * The one e-mail address rule of the product (docs/product/organizations-and-people.md, "E-mail
 * addresses"): every form, the import, the public form and the API's validation read it, so an
 * address one of them took is never refused by another later.
 */
import { EMAIL_ADDRESS_MAX_LENGTH, EMAIL_LOCAL_PART_MAX_LENGTH } from '../limits';
import { MESSAGES } from '../messages';

/** RFC 5322's "atext" (letters of any script allowed, as mail servers with SMTPUTF8 take them). */
const LOCAL_ATOM = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+$/u;
/** A domain label: letters or digits, inner hyphens, at most 63 characters. */
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
/** The top-level domain: two letters or more (or a punycode name), never digits alone. */
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;

/**
 * "name@domain.tld": one "@"; a local part of dot-separated atoms (no leading, trailing or double
 * dot), at most 64 characters; a domain of two labels or more, each of letters, digits and inner
 * hyphens, the last one letters; 254 characters at most in all. Spaces around are ignored (the
 * forms and the import trim); quoted local parts and address literals ([1.2.3.4]) are refused.
 */
export function isEmailAddress(value: string | null | undefined): value is string {
  if (typeof value !== 'string') return false;
  const address = value.trim();
  if (address.length === 0 || address.length > EMAIL_ADDRESS_MAX_LENGTH) return false;
  const at = address.indexOf('@');
  if (at < 0 || at !== address.lastIndexOf('@')) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (local.length === 0 || local.length > EMAIL_LOCAL_PART_MAX_LENGTH) return false;
  if (!local.split('.').every((atom) => LOCAL_ATOM.test(atom))) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  return TOP_LEVEL.test(labels[labels.length - 1]);
}

/**
 * The note under an e-mail field whose stored address the rule refuses, while the field still
 * holds it: the form says it is kept as it is, and that a new address must be valid. null
 * otherwise.
 */
export function storedEmailNote(
  stored: string | null | undefined,
  current: string | null | undefined,
): string | null {
  const kept = (stored ?? '').trim();
  if (kept === '' || isEmailAddress(kept) || (current ?? '').trim() !== kept) return null;
  return MESSAGES.storedEmailInvalid;
}

/**
 * What is wrong with an e-mail field as saved, or null: an empty field is no address (the record's
 * e-mail is optional), and an address already stored is not checked again unless it changes, so
 * that a record imported or saved before this rule with a bad address can still be updated on
 * its other fields (ADR 0134). `stored` is the record's value before the save (undefined for a
 * new record).
 */
export function emailFieldProblem(
  next: string | null | undefined,
  stored?: string | null,
  message: string = MESSAGES.emailInvalid,
): string | null {
  const value = (next ?? '').trim();
  if (value === '') return null;
  if (stored !== undefined && stored !== null && value === stored.trim()) return null;
  return isEmailAddress(value) ? null : message;
}
