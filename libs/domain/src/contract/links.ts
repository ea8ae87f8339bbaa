/** A person–organization link as the API shows it (docs/api/people-organizations-links.md). */
export interface LinkView {
  _id: string;
  peopleId: string;
  organizationId: string;
  roles: string[];
  /** 0..100; kept only with the shareholder role. */
  beneficiaryPercentage: number;
  /** YYYY-MM-DD the role began, or null: not recorded. */
  appointedOn: string | null;
  /** YYYY-MM-DD the role ended, or null while it is held. */
  ceasedOn: string | null;
  /** A beneficial owner's nature and extent of interest, or null. */
  beneficialInterest: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Listed by person: the organization side populated. */
export type LinkWithOrganization = Omit<LinkView, 'organizationId'> & {
  organizationId: { _id: string; name: string };
};

/** Listed by organization: the person side populated. */
export type LinkWithPerson = Omit<LinkView, 'peopleId'> & {
  peopleId: { _id: string; firstName: string; lastName: string };
};
