// Record shapes that more than one feature reads (docs/api/people-organizations-links.md). A
// type used by one feature only stays in that feature. The records themselves are defined once,
// in @registra/domain's contract, for the server and the client.
import type { AttachedFile, FileView, LinkView, PersonView } from '@registra/domain';

export type { AttachedFile };

/** The `data` of POST /file: the new entry plus the file's id. */
export type UploadedFile = FileView;

/** A person as the API shows it (the shared contract's shape). */
export type Person = PersonView;

/** What a picker row, a dashboard line or a creation answer needs of a person. */
export interface PersonSummary {
  _id: string;
  firstName: string;
  lastName: string;
  mail?: string | null;
  createdAt?: string;
}

/** An option of a record select (RecordSelect): the record's id and the name it shows. */
export interface RecordOption {
  _id: string;
  name: string;
}

/** What a picker row or a dashboard line needs of an organization. */
export interface OrganizationSummary {
  _id: string;
  name: string;
  incorporationDate?: string | null;
  nextArReminder?: string | null;
  createdAt?: string;
}

/** A person's roles in one organization; the percentage counts for a shareholder only. */
export type LinkRoles = Pick<LinkView, 'roles' | 'beneficiaryPercentage'>;

/**
 * A link's register particulars: when the role began and ended (`yyyy-mm-dd`; null when not
 * recorded, never guessed) and, for a beneficial owner, the nature and extent of the interest.
 * Absent from an answer means not recorded.
 */
export interface LinkParticulars {
  appointedOn?: string | null;
  ceasedOn?: string | null;
  beneficialInterest?: string | null;
}

/**
 * A person–organization link as written (docs/api/people-organizations-links.md); list answers
 * populate one side.
 */
export type Link = LinkView & LinkParticulars;

/**
 * What a link write may add: its particulars, and `alreadyFiled` when the CRO already has the
 * change (no B10 follow-up is started for it).
 */
export interface LinkWriteExtras extends LinkParticulars {
  alreadyFiled?: boolean;
  /** The version loaded (PUT): a stale one is refused with 409 VERSION_CONFLICT. */
  updatedAt?: string;
}

/** The body of POST /linkpeopleorganization; roles default to none and 0 %. */
export interface CreateLinkRequest extends Partial<LinkRoles>, LinkWriteExtras {
  peopleId: string;
  organizationId: string;
}

/** The body of PUT /linkpeopleorganization/{id}: the roles, and the particulars to change. */
export type UpdateLinkRequest = { id: string } & LinkRoles & LinkWriteExtras;
