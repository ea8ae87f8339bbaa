import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordCards, useSmallScreen } from './RecordCards';

function Probe() {
  return <p>{useSmallScreen() ? 'phone' : 'wide'}</p>;
}

const stubWindow = (matches: boolean) => {
  const original = window.matchMedia;
  window.matchMedia = vi.fn((query: string) => ({
    matches: matches && query === '(max-width: 767.98px)',
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })) as unknown as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
};

let restore = () => undefined as void;
afterEach(() => restore());

describe('RecordCards', () => {
  it.each([
    [true, 'phone'],
    [false, 'wide'],
  ])('below the md breakpoint (767.98 px) is a phone: matches=%s → %s', (matches, expected) => {
    restore = stubWindow(matches);
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
    expect(within(first).getByRole('link', { name: 'Emerald Ltd' })).toHaveAttribute(
      'href',
      '/organization/o1',
    );
    expect(first).toHaveTextContent('Next AR reminder: 31/03/2026');
    expect(first).toHaveTextContent('PENDING');
    expect(second).toHaveTextContent('Next AR reminder: —');
  });
});
