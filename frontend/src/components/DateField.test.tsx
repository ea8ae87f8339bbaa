import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { Formik } from 'formik';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DATE_MAX, DATE_MIN } from '@registra/domain';
import { DateField, FormikDateField } from './DateField';
import { FocusFirstError } from './fieldErrors';

function Controlled(props: {
  initial?: string;
  onChange?: (value: string) => void;
  min?: string;
  max?: string;
}) {
  const [value, setValue] = useState(props.initial ?? '');
  return (
    <>
      <DateField
        label="Incorporation date"
        labelled
        value={value}
        min={props.min}
        max={props.max}
        onChange={(next) => {
          setValue(next);
          props.onChange?.(next);
        }}
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('2024-02-29')}>
        Set from outside
      </button>
    </>
  );
}

describe('DateField: dates shown and typed dd/MM/yyyy whatever the browser locale', () => {
  it('shows an ISO value day first', () => {
    render(<Controlled initial="2026-03-31" />);
    expect(screen.getByLabelText('Incorporation date')).toHaveValue('31/03/2026');
  });

  it.each([
    ['31/03/2026', '2026-03-31'],
    ['1/3/2026', '2026-03-01'],
    ['31.03.2026', '2026-03-31'],
  ])('typing %s hands over %s', async (typed, expected) => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Incorporation date'), typed);
    expect(screen.getByTestId('value')).toHaveTextContent(expected);
    expect(onChange).toHaveBeenLastCalledWith(expected);
  });

  it('shows the canonical form once the field is left', async () => {
    render(<Controlled />);
    const input = screen.getByLabelText('Incorporation date');
    await userEvent.type(input, '1/3/2026');
    await userEvent.tab();
    expect(input).toHaveValue('01/03/2026');
  });

  it('a date that does not exist is not handed over and says why', async () => {
    render(<Controlled />);
    await userEvent.type(screen.getByLabelText('Incorporation date'), '31/02/2026x');
    expect(screen.getByTestId('value')).toHaveTextContent('');
    expect(screen.getByText('Enter the date as dd/mm/yyyy')).toBeInTheDocument();
  });

  it(`the firm's range ${DATE_MIN}..${DATE_MAX} is checked as the date is typed`, async () => {
    render(<Controlled min={DATE_MIN} max={DATE_MAX} />);
    const input = screen.getByLabelText('Incorporation date');
    await userEvent.type(input, '31/12/1999');
    expect(screen.getByTestId('value')).toHaveTextContent('');
    expect(screen.getByText('Date must be between 01/01/2000 and 31/12/2099')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '01/01/2000');
    expect(screen.getByTestId('value')).toHaveTextContent('2000-01-01');
    expect(screen.queryByText(/Date must be between/)).not.toBeInTheDocument();
  });

  it('clears with its button', async () => {
    render(<Controlled initial="2026-03-31" />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(screen.getByLabelText('Incorporation date')).toHaveValue('');
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });

  it('follows a value set from outside (a reset, a reload)', async () => {
    render(<Controlled initial="2026-03-31" />);
    await userEvent.click(screen.getByRole('button', { name: 'Set from outside' }));
    expect(screen.getByLabelText('Incorporation date')).toHaveValue('29/02/2024');
  });

  it('picks a day in the calendar, which starts on Monday at the chosen month', async () => {
    render(<Controlled initial="2026-03-31" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
    const calendar = await screen.findByRole('dialog', { name: 'Calendar' });
    expect(within(calendar).getByRole('combobox', { name: 'Month' })).toHaveValue('3');
    expect(within(calendar).getByRole('combobox', { name: 'Year' })).toHaveValue('2026');
    expect(within(calendar).getAllByRole('columnheader')[0]).toHaveTextContent('Mo');
    // 1 March 2026 is a Sunday: six blank cells before it.
    const firstWeek = within(calendar).getAllByRole('row')[1];
    expect(within(firstWeek).getAllByRole('button')).toHaveLength(1);
    expect(within(calendar).getByRole('button', { name: '31 March 2026' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(calendar).getByRole('button', { name: 'Next month' }));
    await userEvent.click(within(calendar).getByRole('button', { name: '14 April 2026' }));
    expect(screen.getByLabelText('Incorporation date')).toHaveValue('14/04/2026');
    expect(screen.getByTestId('value')).toHaveTextContent('2026-04-14');
  });

  it('days outside the range cannot be picked', async () => {
    render(<Controlled initial="2000-01-15" min={DATE_MIN} max={DATE_MAX} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open calendar' }));
    const calendar = await screen.findByRole('dialog', { name: 'Calendar' });
    const years = within(within(calendar).getByRole('combobox', { name: 'Year' })).getAllByRole(
      'option',
    );
    expect(years[0]).toHaveTextContent('2000');
    expect(years[years.length - 1]).toHaveTextContent('2099');
    await userEvent.click(within(calendar).getByRole('button', { name: 'Previous month' }));
    // Still January 2000: there is no month before the range.
    expect(within(calendar).getByRole('combobox', { name: 'Year' })).toHaveValue('2000');
  });
});

describe('DateField: a day that does not exist', () => {
  it.each([
    ['31/02/1990', 'This date does not exist'],
    ['29/02/2023', 'This date does not exist'],
    ['31/04/2026', 'This date does not exist'],
  ])('%s → "%s", and the form is given no date', async (typed, message) => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} min="1900-01-01" />);
    await user.type(screen.getByLabelText('Incorporation date'), typed);
    expect(screen.getByText(message)).toBeVisible();
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });

  it('29/02/2024 is a day: no error', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.type(screen.getByLabelText('Incorporation date'), '29/02/2024');
    expect(screen.getByTestId('value')).toHaveTextContent('2024-02-29');
    expect(screen.queryByText('This date does not exist')).toBeNull();
  });

  it('speaks French on the public form, day first', async () => {
    const user = userEvent.setup();
    render(
      <DateField label="Date de naissance" labelled language="fr" value="" onChange={vi.fn()} />,
    );
    const input = screen.getByLabelText('Date de naissance');
    expect(input).toHaveAttribute('placeholder', 'jj/mm/aaaa');
    await user.type(input, '31/02/1990');
    expect(screen.getByText('Cette date n’existe pas')).toBeVisible();
  });
});

describe('FormikDateField: an impossible date is never sent', () => {
  it('the submit is refused while the text is not a date, and the focus goes to it', async () => {
    const user = userEvent.setup();
    const submit = vi.fn();
    render(
      <Formik initialValues={{ birth: '1990-02-01' }} onSubmit={submit}>
        {(formik) => (
          <form onSubmit={formik.handleSubmit}>
            <FocusFirstError />
            <FormikDateField name="birth" label="Date of birth" labelled min="1900-01-01" />
            <button type="submit">Update</button>
          </form>
        )}
      </Formik>,
    );
    const input = screen.getByLabelText('Date of birth');
    await user.clear(input);
    await user.type(input, '31/02/1990');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByText('This date does not exist')).toBeVisible();
    await waitFor(() => expect(input).toHaveFocus());

    await user.clear(input);
    await user.type(input, '28/02/1990');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0][0]).toEqual({ birth: '1990-02-28' });
  });
});
