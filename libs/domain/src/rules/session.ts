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

/** Browsers by the User-Agent token that names them; the first that matches wins. */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Chrome (headless)'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
];

/** Systems by their User-Agent token; phones and tablets before the desktop systems they mimic. */
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const firstMatch = (text: string, table: ReadonlyArray<readonly [RegExp, string]>) =>
  table.find(([pattern]) => pattern.test(text))?.[1];

/**
 * A session's device in words, read from the User-Agent it started with: "Chrome on Windows",
 * "Safari on iPhone"; only what is recognised ("Firefox", "Linux"); "Unknown device" otherwise.
 */
export function sessionDevice(userAgent: string | null | undefined): string {
  const text = (userAgent ?? '').trim();
  const browser = firstMatch(text, BROWSERS);
  const system = firstMatch(text, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/**
 * A session's address as people write it: an IPv4 address the server saw through an IPv6 socket
 * ("::ffff:127.0.0.1") without its IPv6 prefix; "—" when none was recorded.
 */
export function sessionAddress(address: string | null | undefined): string {
  const text = (address ?? '').trim();
  if (!text) return '—';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(text);
  return mapped ? mapped[1] : text;
}
