import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DATE_MAX, DATE_MIN } from '@registra/domain';
import { DateField } from './DateField';

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

  it(`the spec's range ${DATE_MIN}..${DATE_MAX} is checked as the date is typed`, async () => {
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
