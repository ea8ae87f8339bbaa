import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { stubSmallScreen } from '../test/matchMedia';
import { RecordCards } from './RecordCards';
import { useSmallScreen } from '../lib/media';
import { expectLinks } from '../test/queries';

function Probe() {
  return <p>{useSmallScreen() ? 'phone' : 'wide'}</p>;
}

let restore = () => undefined as void;
afterEach(() => restore());

describe('RecordCards', () => {
  it.each([
    [true, 'phone'],
    [false, 'wide'],
  ])('below the md breakpoint (767.98 px) is a phone: matches=%s → %s', (matches, expected) => {
    restore = stubSmallScreen(matches);
    render(<Probe />);
    expect(screen.getByText(expected)).toBeInTheDocument();
  });

  it('shows each record as a card: its name as a link, the key date dd/MM/yyyy, the status', () => {
    render(
      <MemoryRouter>
        <RecordCards
          label="Organizations"
          cards={[
            {
              id: 'o1',
              title: 'Emerald Ltd',
              href: '/organization/o1',
              date: { label: 'Next AR reminder', value: '2026-03-31' },
              status: { text: 'PENDING', variant: 'secondary' },
            },
            {
              id: 'o2',
              title: 'Birch Teoranta',
              href: '/organization/o2',
              date: { label: 'Next AR reminder', value: null },
            },
          ]}
        />
      </MemoryRouter>,
    );
    const [first, second] = within(
      screen.getByRole('list', { name: 'Organizations' }),
    ).getAllByRole('listitem');
    expectLinks(first, { 'Emerald Ltd': '/organization/o1' });
    expect(first).toHaveTextContent('Next AR reminder: 31/03/2026');
    expect(first).toHaveTextContent('PENDING');
    expect(second).toHaveTextContent('Next AR reminder: —');
  });

  it('a name of 300 letters without a space wraps inside its card: the list is one column that may shrink (app.css)', () => {
    const long = 'x'.repeat(300);
    render(
      <MemoryRouter>
        <RecordCards
          label="Organizations"
          cards={[
            { id: 'o1', title: long, href: '/organization/o1' },
            { id: 'o2', title: 'Short Ltd', href: '/organization/o2' },
          ]}
        />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'Organizations' });
    // The classes app.css gives `grid-template-columns: minmax(0, 1fr)` and `overflow-wrap: anywhere`.
    expect(list).toHaveClass('record-cards', 'd-grid');
    expect(screen.getByRole('link', { name: long })).toHaveClass('record-card-title');
  });
});
