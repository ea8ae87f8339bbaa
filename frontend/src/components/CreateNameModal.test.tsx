import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NewOrganizationModal, NewPeopleModal } from './CreateNameModal';

describe('New Organization: the first click on a role is kept', () => {
  it('"Name is required" appears in a space already there, and the role box is ticked', async () => {
    const user = userEvent.setup();
    render(<NewOrganizationModal show withRoles onHide={() => undefined} onSubmit={vi.fn()} />);
    const name = screen.getByLabelText('Name');
    expect(name).toHaveFocus();
    // The error's line is in the page before there is an error: nothing moves when it fills.
    const feedback = screen.getByTestId(name.getAttribute('aria-describedby') ?? '');
    expect(feedback).toHaveTextContent(/^\s*$/);
    // Shown (its line taken) while empty, unlike Bootstrap's feedback that appears with the error.
    expect(feedback).toHaveClass('d-block');
    const director = screen.getByRole('checkbox', { name: 'Director' });
    const before = feedback.nextElementSibling;

    // Leaving the empty name by clicking a role: one click, and the role is ticked.
    await user.click(director);
    expect(director).toBeChecked();
    expect(feedback).toHaveTextContent('Name is required');
    // The same element took the message: no line was inserted above the roles.
    expect(screen.getByTestId(feedback.id)).toBe(feedback);
    expect(feedback.nextElementSibling).toBe(before);
  });

  it("checks the server's length of a name (300) before sending", async () => {
    const user = userEvent.setup();
    const submit = vi.fn();
    render(<NewOrganizationModal show onHide={() => undefined} onSubmit={submit} />);
    const name = screen.getByLabelText('Name');
    await user.click(name);
    await user.paste('x'.repeat(301));
    await user.tab();
    expect(await screen.findByText('At most 300 characters')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('New People', () => {
  it('says a last name over 200 characters is too long', async () => {
    const user = userEvent.setup();
    render(<NewPeopleModal show onHide={() => undefined} onSubmit={vi.fn()} />);
    await user.type(screen.getByLabelText('First Name'), 'Aoife');
    await user.click(screen.getByLabelText('Last Name'));
    await user.paste('y'.repeat(201));
    await user.tab();
    expect(await screen.findByText('At most 200 characters')).toBeVisible();
  });
});
