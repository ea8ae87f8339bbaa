import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EditRolesModal } from './EditRolesModal';
import { RolesFields, toRolesPayload } from './RolesFields';
import type { RolesValue } from './RolesFields';

function Harness({ initial }: { initial: RolesValue }) {
  const [value, setValue] = useState(initial);
  return <RolesFields value={value} onChange={setValue} />;
}

describe('RolesFields', () => {
  it('shows the five roles, and "Beneficiary %" only while shareholder is ticked', async () => {
    const user = userEvent.setup();
    render(<Harness initial={{ roles: [], beneficiaryPercentage: 0 }} />);

    // One spelling of each role, the same as the request editor's (labels.ts).
    for (const name of ['Director', 'Secretary', 'Shareholder', 'Nominee director', 'Other']) {
      expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
    }
    expect(screen.queryByLabelText('Beneficiary %')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Shareholder' }));
    const percentage = screen.getByLabelText('Beneficiary %');
    expect(percentage).toHaveAttribute('min', '0');
    expect(percentage).toHaveAttribute('max', '100');

    await user.click(screen.getByRole('checkbox', { name: 'Shareholder' }));
    expect(screen.queryByLabelText('Beneficiary %')).not.toBeInTheDocument();
  });

  it('sends the percentage only for a shareholder, otherwise 0', () => {
    expect(
      toRolesPayload({ roles: ['shareholder', 'director'], beneficiaryPercentage: 40 }),
    ).toEqual({
      roles: ['director', 'shareholder'],
      beneficiaryPercentage: 40,
    });
    expect(toRolesPayload({ roles: ['director'], beneficiaryPercentage: 40 })).toEqual({
      roles: ['director'],
      beneficiaryPercentage: 0,
    });
  });
});

describe('EditRolesModal', () => {
  it('saves 0 when shareholder is unticked, and the typed percentage when ticked', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const { rerender } = render(
      <EditRolesModal
        show
        initial={{ roles: ['shareholder'], beneficiaryPercentage: 40 }}
        onSave={onSave}
        onHide={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Edit Roles' })).toBeVisible();
    expect(screen.getByLabelText('Beneficiary %')).toHaveValue(40);

    await user.click(screen.getByRole('checkbox', { name: 'Shareholder' }));
    await user.click(screen.getByRole('checkbox', { name: 'Director' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({ roles: ['director'], beneficiaryPercentage: 0 });

    // Reopened: starts again from the link's roles.
    rerender(
      <EditRolesModal
        show={false}
        initial={{ roles: [], beneficiaryPercentage: 0 }}
        onSave={onSave}
        onHide={() => {}}
      />,
    );
    rerender(
      <EditRolesModal
        show
        initial={{ roles: [], beneficiaryPercentage: 0 }}
        onSave={onSave}
        onHide={() => {}}
      />,
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Shareholder' }));
    const percentage = screen.getByLabelText('Beneficiary %');
    await user.clear(percentage);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(percentage, '120');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(percentage);
    await user.type(percentage, '25');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith({ roles: ['shareholder'], beneficiaryPercentage: 25 });
  });
});
