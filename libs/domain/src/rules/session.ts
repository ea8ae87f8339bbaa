/** Sign-in, sign-up and the session header (docs/product/staff-accounts.md; api-conventions.md). */
import { API_PREFIX } from '../limits';

/** "an Authorization header of the form 'JWT' followed by the stored token" */
export const authorizationHeader = (token: string): string => `JWT ${token}`;

/** The token of an Authorization header: "JWT <token>" (`Bearer <token>` is accepted too). */
export function tokenFromAuthorizationHeader(header: string | null | undefined): string | null {
  const match = /^(?:JWT|Bearer)\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
}

const filled = (value: string | null | undefined): boolean => (value ?? '').trim() !== '';

/** "the button is disabled while busy or when either is empty" */
export const canSubmitSignIn = (form: {
  email?: string | null;
  password?: string | null;
  busy?: boolean;
}): boolean => !form.busy && filled(form.email) && filled(form.password);

/** "button disabled if any [of e-mail, password, secret code] is empty or while busy" */
export const canSubmitSignUp = (form: {
  email?: string | null;
  password?: string | null;
  secretCode?: string | null;
  busy?: boolean;
}): boolean => !form.busy && filled(form.email) && filled(form.password) && filled(form.secretCode);

/** The initial login form state: "email and password, both empty strings initially". */
export const initialLoginForm = () => ({ email: '', password: '', busy: false });

/**
 * The API address of a path. An older client chose a host by the page address; here the API
 * lives under /api on the page's own origin (api-conventions.md), so a relative URL serves all.
 */
export const apiUrl = (path: string): string =>
  `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
