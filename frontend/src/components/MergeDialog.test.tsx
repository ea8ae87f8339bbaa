import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PERSON_MERGE_FIELDS } from '@registra/domain';
import { renderWithStore } from '../test/render';
import { MergeDialog, mergeFieldWords } from './MergeDialog';

const mary = {
  _id: 'p1',
  firstName: 'Mary',
  lastName: 'Byrne',
  mail: null as string | null,
  phone: '+353 1 111',
  birth: '1980-03-31',
  vif: false,
};
const twin = {
  _id: 'p2',
  firstName: 'MARY',
  lastName: 'Byrne',
  mail: 'mary@x.ie',
  phone: '+353 1 222',
  birth: '1980-03-31',
  vif: true,
};

function renderDialog(onMerge = vi.fn()) {
  renderWithStore(
    <MergeDialog
      show
      title="Merge people"
      records={[mary, twin]}
      nameOf={(person) => `${person.firstName} ${person.lastName}`}
      fields={PERSON_MERGE_FIELDS}
      valueOf={mergeFieldWords}
      whatMoves="Its organizations and files move to the kept person."
      busy={false}
      onMerge={onMerge}
      onHide={vi.fn()}
    />,
  );
  return onMerge;
}

describe('MergeDialog', () => {
  it("lists the fields that differ, proposes the other's value where the kept one is empty, and previews the result", () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Merge people' });
    expect(within(dialog).getByRole('radio', { name: 'Keep Mary Byrne' })).toBeChecked();
    // Email: empty on the kept record, so the other's is proposed.
    expect(within(dialog).getByRole('radio', { name: 'Email: take mary@x.ie' })).toBeChecked();
    expect(screen.getByTestId('merge-result-mail')).toHaveTextContent('mary@x.ie');
    // Phone: both have one, the kept record's stays.
    expect(within(dialog).getByRole('radio', { name: 'Phone: keep +353 1 111' })).toBeChecked();
    // The same date of birth on both is not a choice; dates read dd/MM/yyyy.
    expect(screen.queryByTestId('merge-field-birth')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Same on both:');
    expect(dialog).toHaveTextContent('Date of birth');
    expect(dialog).toHaveTextContent('MARY Byrne will be deleted.');
  });

  it('sends the kept id, the other id and every choice', async () => {
    const user = userEvent.setup();
    const onMerge = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Phone: take +353 1 222' }));
    expect(screen.getByTestId('merge-result-phone')).toHaveTextContent('+353 1 222');
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    expect(onMerge).toHaveBeenCalledWith(
      'p1',
      'p2',
      expect.objectContaining({ mail: 'merge', phone: 'merge', firstName: 'keep', vif: 'merge' }),
    );
  });

  it('keeping the other record turns the choices around', async () => {
    const user = userEvent.setup();
    const onMerge = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Keep MARY Byrne' }));
    expect(screen.getByRole('radio', { name: 'Email: keep mary@x.ie' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Merge' }));
    expect(onMerge).toHaveBeenCalledWith('p2', 'p1', expect.objectContaining({ mail: 'keep' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Mary Byrne will be deleted.');
  });
});
