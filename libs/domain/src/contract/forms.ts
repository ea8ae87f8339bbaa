import type { PublicForm, PublicFormPerson } from '../rules/public-form';

/** A person of a company-creation request (docs/api/forms.md). */
export type FormPersonView = PublicFormPerson;

/** A company-creation request as staff see it (docs/api/forms.md). */
export interface FormView extends PublicForm {
  _id: string;
  peoples: FormPersonView[];
  /** The organization the request became ('Create the organization'), or null. */
  organizationId: string | null;
  convertedAt: string | null;
  /**
   * Staff keep the request: it is not erased by itself once past the prospect period, only listed
   * in the retention review.
   */
  kept: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A row of the staff list (/form): the request's names, Members and Directors. */
export interface FormListRow {
  _id: string;
  organizationName1: string;
  organizationName2: string;
  organizationName3: string;
  description: string;
  /** Members: the number of people of the request. */
  members: number;
  /** Directors: the first and last names of the people with the director role, joined. */
  directors: string;
  organizationId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A person the conversion linked: created, or an existing person found by the duplicate key. */
export interface FormConvertedPerson {
  _id: string;
  firstName: string;
  lastName: string;
  /** True when an existing person was reused instead of creating a twin. */
  reused: boolean;
}

/** POST /form/{id}/convert: what the request became. */
export interface FormConversion {
  organizationId: string;
  organizationName: string;
  people: FormConvertedPerson[];
  /** The INCORPORATION follow-up started, when the follow-ups module is present. */
  followUpId: string | null;
}

/**
 * GET /form/{id}/conversion: what converting the request would create now, shown before staff
 * confirm. Computed by the conversion's own plan.
 */
export interface FormConversionPreview {
  /** The organization's name (the request's first name). */
  organizationName: string;
  /** People linked: one per distinct person of the request (same duplicate key = one). */
  people: number;
  /** Of those, existing people reused instead of created. */
  reused: number;
  /** Links created between the organization and its people. */
  links: number;
  /** The follow-up started, when the follow-ups module is present. */
  followUp: 'INCORPORATION' | null;
}
