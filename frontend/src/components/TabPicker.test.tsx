import { fireEvent, render, screen } from '@testing-library/react';
import Badge from 'react-bootstrap/Badge';
import { describe, expect, it, vi } from 'vitest';
import { TabPicker, textOf } from './TabPicker';

describe('TabPicker: every tab of a record in one select on a phone, the current one shown', () => {
  it.each([
    ['General', 'General'],
    [
      <>
        Members
        <Badge>3</Badge>
      </>,
      'Members 3',
    ],
    [
      <>
        Accounting
        <span role="img" aria-label="Warning">
          !
        </span>
      </>,
      'Accounting Warning',
    ],
    [null, ''],
  ])('a title %# reads %j', (title, text) => {
    expect(textOf(title)).toBe(text);
  });

  it('lists every tab, shows where the reader is, and goes to the one chosen', () => {
    const onSelect = vi.fn();
    const tabs = Array.from({ length: 12 }, (_, index) => ({
      key: `TAB_${index + 1}`,
      title: `Tab ${index + 1}`,
    }));
    render(<TabPicker id="picker" tabs={tabs} active="TAB_3" onSelect={onSelect} />);
    const select = screen.getByLabelText('Section (3 of 12)');
    expect(select).toHaveValue('TAB_3');
    expect(screen.getAllByRole('option')).toHaveLength(12);
    // Shown below md only, where the strip of tabs scrolls out of sight.
    expect(select.closest('.d-md-none')).not.toBeNull();
    fireEvent.change(select, { target: { value: 'TAB_11' } });
    expect(onSelect).toHaveBeenCalledWith('TAB_11');
  });
});
