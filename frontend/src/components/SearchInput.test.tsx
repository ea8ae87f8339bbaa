import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchInput } from './SearchInput';

describe('SearchInput', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports the term once, 300 ms after the last keystroke', () => {
    const onChange = vi.fn();
    render(<SearchInput value="" onChange={onChange} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });

    for (const text of ['m', 'ma', 'mar', 'mary']) {
      fireEvent.change(box, { target: { value: text } });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(box).toHaveValue('mary');
    expect(onChange).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(199));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('mary');

    act(() => vi.advanceTimersByTime(1000));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('shows a new value from the parent (a reset) without reporting it back', () => {
    const onChange = vi.fn();
    const { rerender } = render(<SearchInput value="kelly" onChange={onChange} />);
    rerender(<SearchInput value="" onChange={onChange} />);
    expect(screen.getByRole('searchbox')).toHaveValue('');
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange).not.toHaveBeenCalled();
  });
});
