/**
 * The fields a request named, for partial and whole-record PUTs alike: `undefined` means "not
 * sent" and is left out, null means "clear it" and is kept.
 */
export function namedFields<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
