import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReasonButton } from './ReasonButton';

describe('ReasonButton: a disabled button says why', () => {
  it('is disabled exactly when it has a reason, shown as its tooltip and its description', () => {
    const { rerender } = render(
      <ReasonButton whyDisabled="Choose a file first" onClick={() => undefined}>
        Upload
      </ReasonButton>,
    );
    const button = screen.getByRole('button', { name: 'Upload' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Choose a file first');
    // The tooltip sits on the wrapper: Bootstrap gives a disabled button no pointer events.
    expect(button.parentElement).toHaveAttribute('title', 'Choose a file first');

    // Said once: no second copy of the words for a search by text to trip on.
    expect(screen.queryByText('Choose a file first')).toBeNull();

    rerender(
      <ReasonButton whyDisabled={false} onClick={() => undefined}>
        Upload
      </ReasonButton>,
    );
    expect(button).toBeEnabled();
    expect(button).not.toHaveAccessibleDescription();
    expect(button.parentElement).not.toHaveAttribute('title');
  });

  it('presses like a button once enabled', async () => {
    const onClick = vi.fn();
    render(
      <ReasonButton whyDisabled={null} onClick={onClick}>
        Save
      </ReasonButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
