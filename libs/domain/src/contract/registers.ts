/** Share capital, the statutory registers and the annual return's particulars (docs/api/registers.md). */
import type { RegisterKind } from '../rules/registers';

/** A class of an organization's shares. */
export interface ShareClassView {
  _id: string;
  organizationId: string;
  name: string;
  /** Per share, up to six decimals. */
  nominalValue: number;
  /** ISO 4217 (EUR…). */
  currency: string;
  createdAt: string;
  updatedAt: string;
}

/** A dated allotment or transfer of shares. */
export interface ShareEntryView {
  _id: string;
  organizationId: string;
  kind: 'allotment' | 'transfer';
  /** YYYY-MM-DD. */
  date: string;
  shareClassId: string;
  shares: number;
  toPeopleId: string;
  /** The transferor; null for an allotment. */
  fromPeopleId: string | null;
  /** An allotment's B5 deadline; null for a transfer or one already filed. */
  b5Due: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Who an entry of a register names. */
export interface RegisterPerson {
  peopleId: string;
  firstName: string;
  lastName: string;
}

/** The register of directors and secretaries: one entry per office held. */
export interface OfficerRegisterEntry extends RegisterPerson {
  linkId: string;
  role: string;
  /** null: not recorded. */
  appointedOn: string | null;
  /** Only a cessation on or before the register's date. */
  ceasedOn: string | null;
  /** Held on the register's date. */
  current: boolean;
  dateOfBirth: string | null;
  nationality: string | null;
  address: string | null;
}

/** The register of members: one entry per member and class (or per member without shares). */
export interface MemberRegisterEntry extends RegisterPerson {
  shareClassId: string | null;
  shareClassName: string | null;
  shares: number;
  enteredOn: string | null;
  ceasedOn: string | null;
  current: boolean;
  address: string | null;
  /** The member's share of the company from the entries (all classes), or the stated one. */
  percentage: number;
  /** The link's stated beneficiary percentage (shareholders), or null. */
  statedPercentage: number | null;
  /** The stated percentage and the shares disagree: the Members tab says so. */
  sharesPercentageDiffers: boolean;
}

/** The register of beneficial owners. */
export interface BeneficialOwnerRegisterEntry extends RegisterPerson {
  linkId: string;
  /** The nature and extent of the interest. */
  interest: string;
  /** The percentage of the shares held, from the entries (or the link's stated one). */
  percentage: number;
  becameOn: string | null;
  ceasedOn: string | null;
  current: boolean;
  dateOfBirth: string | null;
  nationality: string | null;
  address: string | null;
}

/** Each register's entry, by the register's kind. */
export interface RegisterEntries {
  'directors-secretaries': OfficerRegisterEntry;
  members: MemberRegisterEntry;
  'beneficial-owners': BeneficialOwnerRegisterEntry;
}

export type RegisterEntry = RegisterEntries[RegisterKind];

/** GET /organization/{id}/registers/{kind}'s data: the entries of that kind's register. */
export interface RegisterAnswer {
  kind: RegisterKind;
  asOf: string;
  organizationId: string;
  organizationName: string;
  cro: string | null;
  entries: OfficerRegisterEntry[] | MemberRegisterEntry[] | BeneficialOwnerRegisterEntry[];
}

/** GET /organization/{id}/annual-return's data: the B1's particulars at an ARD. */
export interface AnnualReturnAnswer {
  ard: string;
  filingDeadline: string;
  organizationName: string;
  cro: string | null;
  registeredOffice: string | null;
  officers: OfficerRegisterEntry[];
  members: MemberRegisterEntry[];
  shareCapital: Array<{
    shareClassId: string;
    name: string;
    nominalValue: number;
    currency: string;
    issued: number;
    held: number;
  }>;
  /** Appointments, cessations and share entries dated after the previous ARD, up to this one. */
  changes: Array<{ date: string; description: string }>;
  missing: string[];
}
