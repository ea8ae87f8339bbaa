import type { FormListRow, FormView } from '@registra/domain';
import { JsonView } from '../platform/database/json-view';
import { forms } from './forms.schema';
import type { FormRow } from './forms.schema';

export type { FormListRow, FormView };

/** A company-creation request as the API shows it (docs/api/forms.md): IDPAL in capitals. */
export const FORM_VIEW = new JsonView(forms, {
  hidden: ['members', 'directors', 'searchText', 'deletedAt'],
  renamed: { idpal: 'IDPAL' },
});

export const toFormView = (row: FormRow): FormView => FORM_VIEW.toView(row) as unknown as FormView;

/**
 * A line of the staff list, written by PostgreSQL (ADR 0090): the names, the Members and
 * Directors kept on every write, never the people's JSON.
 */
export const FORM_LIST_VIEW = new JsonView(forms, {
  hidden: [
    'idpal',
    'secretaryCompany',
    'anonymeShareholder',
    'peoples',
    'searchText',
    'convertedAt',
    'kept',
    'deletedAt',
  ],
});
