import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './Pagination';

/** The numbered buttons and ellipses, in order, as the user sees them. */
function shownItems(): string[] {
  const list = within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('list');
  return Array.from(list.querySelectorAll('li'))
    .map((item) => item.textContent?.replace(/\(current\)/, '').trim() ?? '')
    .filter((text) => /^\d+$/.test(text) || text.includes('…'))
    .map((text) => (text.includes('…') ? '…' : text));
}

describe('Pagination', () => {
  it('shows every page up to 5 pages', () => {
    render(<Pagination page={2} totalPages={5} onChange={() => {}} />);
    expect(shownItems()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  const expected: Record<number, string[]> = {
    1: ['1', '2', '3', '4', '…'],
    2: ['1', '2', '3', '4', '…'],
    3: ['…', '2', '3', '4', '5', '…'],
    4: ['…', '3', '4', '5', '6', '…'],
    5: ['…', '4', '5', '6', '7', '…'],
    6: ['…', '5', '6', '7', '8', '…'],
    7: ['…', '6', '7', '8', '9', '…'],
    8: ['…', '7', '8', '9', '10'],
    9: ['…', '7', '8', '9', '10'],
    10: ['…', '7', '8', '9', '10'],
  };

  it.each(Object.entries(expected))(
    'with 10 pages on page %s shows a window of 4 numbered buttons with ellipsis',
    (page, items) => {
      render(<Pagination page={Number(page)} totalPages={10} onChange={() => {}} />);
      expect(shownItems()).toEqual(items);
      // The current page is marked, and is not a button to click.
      const current = screen.getByText(page, {
        selector: '[aria-current="page"] *, [aria-current="page"]',
      });
      expect(current.closest('li')).toHaveClass('active');
      expect(screen.queryByRole('button', { name: `Page ${page}` })).not.toBeInTheDocument();
    },
  );

  it('reports the page clicked, and previous/next move by one within bounds', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination page={1} totalPages={10} onChange={onChange} />);

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    // On the first page "previous" is disabled.
    expect(screen.queryByRole('button', { name: 'Previous page' })).not.toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
