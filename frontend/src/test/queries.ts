import { screen } from '@testing-library/react';

/** The choices of the select labelled `label`, in words and in order, as the user reads them. */
export const choicesOf = (label: string) =>
  Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map(
    (option) => option.text,
  );
