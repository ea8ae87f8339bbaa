import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { Call } from './render';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Types the names into a "New People" or "New Organization" dialog (by their labels: "First
 * Name", "Name") and presses Create.
 */
export async function fillAndCreate(
  user: UserEvent,
  dialog: HTMLElement,
  names: Record<string, string>,
) {
  for (const [label, text] of Object.entries(names)) {
    await user.type(within(dialog).getByLabelText(label), text);
  }
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
}

/** Opens the dialog of the button named `opener` (one on the screen) and creates from it. */
export async function createThroughDialog(
  user: UserEvent,
  opener: string,
  names: Record<string, string>,
) {
  await user.click(await screen.findByRole('button', { name: opener }));
  await fillAndCreate(user, await screen.findByRole('dialog'), names);
}

/**
 * Presses a link's Unlink, confirms in the dialog that asks, and waits for "Deleted!"; the
 * DELETE went to the server (among `calls`).
 */
export async function unlinkAndConfirm(user: UserEvent, calls: readonly Call[]) {
  await user.click(await screen.findByRole('button', { name: 'Unlink' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Are you sure you want to continue?')).toBeVisible();
  await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
  expect(await screen.findByText('Deleted!')).toBeInTheDocument();
  expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
}
