/** A beneficial owner of the register: a shareholder holding over 25 %. */
export interface BeneficialOwner {
  personId: string;
  linkId: string;
  firstName: string;
  lastName: string;
  birth: string | null;
  nationality: string | null;
  /** Country of residence (lower-case, as people store it). */
  country: string | null;
  address: string;
  mail: string | null;
  pps: string | null;
  roles: string[];
  beneficiaryPercentage: number;
}

/** GET /organization/{id}/beneficial-owners. */
export interface BeneficialOwnerRegister {
  organizationId: string;
  organizationName: string;
  cro: string | null;
  /** Owners hold more than this percentage (the RBO threshold). */
  thresholdPercent: number;
  owners: BeneficialOwner[];
  /** Every shareholder's percentage, summed. */
  shareholdingTotal: number;
  shareholders: number;
  /** False when the shareholders' percentages do not sum to 100 %. */
  shareholdingComplete: boolean;
}
