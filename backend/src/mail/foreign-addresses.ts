/**
 * Web and mail addresses written inside a mail's free-text parameters. A mail goes out in the
 * firm's name, so a text such as "pay via https://pay.example.net" or "reply to
 * billing@example.net" would be phishing signed by the firm: only the firm's own hosts (the
 * product's address, the sign-up app's) may appear.
 */

// A host name: labels of letters, digits and hyphens, ending in a top-level domain of letters
// ("evil.test", "www.example.co.uk"), or an IPv4 address after a scheme.
const HOST = String.raw`(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,24}`;
const SCHEME_URL = String.raw`\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"']+`;
const BARE_HOST = String.raw`(?<![\p{L}\p{N}.-])${HOST}(?![\p{L}\p{N}-])`;
const ADDRESS = new RegExp(`${SCHEME_URL}|${BARE_HOST}`, 'giu');

/** The host an address names: a scheme URL's host, or the bare host itself. */
function hostOf(found: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(found)) {
    try {
      return new URL(found).hostname.toLowerCase();
    } catch {
      return undefined;
    }
  }
  return found.toLowerCase();
}

/** Whether a host is one of the firm's own (the host itself, or a name under it). */
const isOwnHost = (host: string, ownHosts: readonly string[]) =>
  ownHosts.some((own) => host === own || host.endsWith(`.${own}`));

/** The addresses in `text` that lead anywhere but the firm's own hosts, as written. */
export function foreignAddresses(text: string, ownHosts: readonly string[]): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(ADDRESS)) {
    const host = hostOf(match[0]);
    if (host === undefined || !isOwnHost(host, ownHosts)) found.push(match[0]);
  }
  return found;
}

/**
 * The text with every foreign address made inert for a mail reader ("evil[.]test",
 * "https[:]//…"), for mails the server writes from what others typed (the public form).
 */
export function defangForeignAddresses(text: string, ownHosts: readonly string[]): string {
  return text.replace(ADDRESS, (found) => {
    const host = hostOf(found);
    if (host !== undefined && isOwnHost(host, ownHosts)) return found;
    return found.replace('://', '[:]//').replace(/\./g, '[.]');
  });
}

/** The hosts of the given base addresses (APP_URL, SIGNUP_APP_URL), the ones that parse. */
export function hostsOf(addresses: readonly (string | undefined)[]): string[] {
  const hosts: string[] = [];
  for (const address of addresses) {
    if (!address) continue;
    try {
      hosts.push(new URL(address).hostname.toLowerCase());
    } catch {
      // A base that does not parse names no host.
    }
  }
  return hosts;
}
