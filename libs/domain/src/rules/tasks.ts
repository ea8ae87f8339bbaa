/** Task board rules (docs/product/tasks.md). */
import { TASK_COLUMN_INITIAL_CARDS, TASK_COLUMN_SHOW_MORE } from '../limits';
import { MESSAGES } from '../messages';
import { isEmailAddress } from './email';

/** "Each column initially shows 7 cards. 'Show More' adds 10." */
export const taskColumnVisibleCount = (showMoreClicks: number): number =>
  TASK_COLUMN_INITIAL_CARDS + Math.max(0, Math.floor(showMoreClicks)) * TASK_COLUMN_SHOW_MORE;

/**
 * "Sending e-mail with no users gives 'Please add at least one user'. With none having a valid
 * recipient, 'No valid email recipients'." The recipients are the users' valid addresses.
 */
export function taskEmailRecipients(
  users: ReadonlyArray<{ email?: string | null }>,
): { ok: true; recipients: string[] } | { ok: false; message: string } {
  if (users.length === 0) return { ok: false, message: MESSAGES.taskAddUser };
  const recipients = [...new Set(users.map((user) => user.email?.trim()).filter(isEmailAddress))];
  return recipients.length === 0
    ? { ok: false, message: MESSAGES.taskNoValidRecipients }
    : { ok: true, recipients };
}
