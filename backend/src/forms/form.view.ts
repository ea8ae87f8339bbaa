import type { FormListRow, FormView } from '@registra/domain';
import type { FormRow } from './forms.schema';

export type { FormListRow, FormView };

export function toFormView(row: FormRow): FormView {
  return {
    _id: row.id,
    organizationName1: row.organizationName1,
    organizationName2: row.organizationName2,
    organizationName3: row.organizationName3,
    description: row.description,
    IDPAL: row.idpal,
    secretaryCompany: row.secretaryCompany,
    anonymeShareholder: row.anonymeShareholder,
    peoples: row.peoples,
    organizationId: row.organizationId,
    convertedAt: row.convertedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The list reads these columns only: never the people's JSON. */
export type FormListColumns = Pick<
  FormRow,
  | 'id'
  | 'organizationName1'
  | 'organizationName2'
  | 'organizationName3'
  | 'description'
  | 'members'
  | 'directors'
  | 'organizationId'
  | 'createdAt'
  | 'updatedAt'
>;

export function toFormListRow(row: FormListColumns): FormListRow {
  return {
    _id: row.id,
    organizationName1: row.organizationName1,
    organizationName2: row.organizationName2,
    organizationName3: row.organizationName3,
    description: row.description,
    members: row.members,
    directors: row.directors,
    organizationId: row.organizationId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
