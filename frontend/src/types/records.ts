// Record shapes that more than one feature reads (docs/api/people-organizations-links.md). A
// type used by one feature only stays in that feature.

/** One attached file of a record (spec 01 §3), as the files module appends it. */
export interface AttachedFile {
  /** `/api/file/{fileId}`: the download (needs the Authorization header) and the delete id. */
  url: string;
  /** `people/{id}`, `organization/{id}/{folder}` or `task/{id}`. */
  folder: string;
  fileName: string;
  /** Absent on entries written before uploads were streamed (size unknown). */
  size?: number;
  contentType?: string;
  /** The uploader's name at upload time. */
  uploadedBy?: string;
  uploadedAt?: string;
}

/** The `data` of POST /file: the new entry plus the file's id. */
export interface UploadedFile extends AttachedFile {
  _id: string;
}

/**
 * A person as the API shows it. Here rather than in the people feature because the shared
 * test fixtures build it and the dashboard lists people.
 */
export interface Person {
  _id: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  mail: string | null;
  /** Calendar dates travel as 'YYYY-MM-DD'. */
  birth: string | null;
  nationality: string | null;
  country: string | null;
  ipn: string | null;
  pps: string | null;
  addressStreet1: string | null;
  addressZip1: string | null;
  addressCity1: string | null;
  addressState1: string | null;
  addressCountry1: string | null;
  comments: string | null;
  vif: boolean;
  idPal: boolean;
  pep: boolean;
  companyForm: string | null;
  dateAml: string | null;
  attachedFiles: AttachedFile[];
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

/** What a picker row, a dashboard line or a creation answer needs of a person. */
export interface PersonSummary {
  _id: string;
  firstName: string;
  lastName: string;
  mail?: string | null;
  createdAt?: string;
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
export interface LinkRoles {
  roles: string[];
  beneficiaryPercentage: number;
}

/** A person–organization link as written (spec 01 §3); list answers populate one side. */
export interface Link extends LinkRoles {
  _id: string;
  peopleId: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string;
}

/** The body of POST /linkpeopleorganization; roles default to none and 0 %. */
export interface CreateLinkRequest extends Partial<LinkRoles> {
  peopleId: string;
  organizationId: string;
}
