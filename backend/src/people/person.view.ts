import { ApiProperty } from '@nestjs/swagger';
import type { AttachedFile } from '../platform/database/columns';
import { AttachedFileDto } from '../platform/http/attached-file.dto';
import { ATTACHED_FILE_URLS, FILES_VIEW_FIELD, filesOf } from '../platform/database/attached-files';
import { JsonView } from '../platform/database/json-view';
import { PEOPLE_DERIVED_COLUMNS, people } from './people.schema';
import type { PersonRow } from './people.schema';

const nullableText = { type: String, nullable: true } as const;
const nullableDate = { type: String, nullable: true, format: 'date' } as const;

/**
 * A person as the API shows it (docs/api/people-organizations-links.md); search and duplicate keys
 * stay inside.
 */
export class PersonView {
  @ApiProperty() _id: string;
  @ApiProperty() firstName: string;
  @ApiProperty() lastName: string;
  @ApiProperty(nullableText) phone: string | null;
  @ApiProperty(nullableText) mail: string | null;
  @ApiProperty(nullableDate) birth: string | null;
  @ApiProperty(nullableText) nationality: string | null;
  @ApiProperty(nullableText) country: string | null;
  @ApiProperty(nullableText) ipn: string | null;
  @ApiProperty(nullableText) pps: string | null;
  @ApiProperty(nullableText) addressStreet1: string | null;
  @ApiProperty(nullableText) addressZip1: string | null;
  @ApiProperty(nullableText) addressCity1: string | null;
  @ApiProperty(nullableText) addressState1: string | null;
  @ApiProperty(nullableText) addressCountry1: string | null;
  @ApiProperty(nullableText) comments: string | null;
  @ApiProperty() vif: boolean;
  @ApiProperty() idPal: boolean;
  @ApiProperty() pep: boolean;
  @ApiProperty(nullableText) companyForm: string | null;
  @ApiProperty(nullableDate) dateAml: string | null;
  @ApiProperty({ type: [String], description: 'The file URLs' })
  attachedFiles: string[];
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) deletedAt: string | null;
  @ApiProperty({
    type: [AttachedFileDto],
    description: 'The files of attachedFiles, in the same order, with name, folder, size...',
  })
  files: AttachedFile[];
}

/**
 * The person's view, for a single record (`toPersonView`) and for a list's page written by
 * PostgreSQL (ADR 0090); search and duplicate keys and the merge pointer stay inside.
 */
export const PERSON_VIEW = new JsonView(people, {
  hidden: [...PEOPLE_DERIVED_COLUMNS, 'mergedInto'],
  // The file URLs as the client reads them, the entries beside them as `files` (ADR 0112).
  converted: { attachedFiles: ATTACHED_FILE_URLS },
  extras: [FILES_VIEW_FIELD],
});

export function toPersonView(row: PersonRow): PersonView {
  return PERSON_VIEW.toView(row, filesOf(row)) as unknown as PersonView;
}
