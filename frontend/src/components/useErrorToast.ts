import { useEffect } from 'react';
import toast from 'react-hot-toast';

/**
 * One toast per failure of a query, not one per render: shown when `failed` turns true, under
 * `id` so that a second failure of the same list replaces the first instead of stacking.
 * `message` may name the server's own words for the error (see errorText).
 */
export function useErrorToast(
  failed: boolean | undefined,
  message: string | null | undefined,
  id: string,
) {
  useEffect(() => {
    if (failed && message) toast.error(message, { id });
  }, [failed, message, id]);
}
