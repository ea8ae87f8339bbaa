import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The choices of the select labelled `label`, in words and in order, as the user reads them. */
export const choicesOf = (label: string) =>
  Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map(
    (option) => option.text,
  );

/** Each link named in `links` (inside `scope`) leads to its address. */
export function expectLinks(scope: HTMLElement, links: Record<string, string>) {
  for (const [name, href] of Object.entries(links)) {
    expect(within(scope).getByRole('link', { name })).toHaveAttribute('href', href);
  }
}
