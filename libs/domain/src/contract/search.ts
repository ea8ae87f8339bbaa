/** One record found by the top bar's search box: what opens it and what names it. */
export interface SearchHit {
  _id: string;
  /** The record's name as staff know it ("Emerald Trading Ltd", "Aoife Ó Briain"). */
  label: string;
  /** What tells two alike apart (CRO number, e-mail, status, customer…); empty when none. */
  detail: string;
}

/** GET /api/search?q=: at most SEARCH_HITS_PER_KIND of each kind of record. */
export interface SearchResults {
  organizations: SearchHit[];
  people: SearchHit[];
  tasks: SearchHit[];
  orders: SearchHit[];
  forms: SearchHit[];
}

/** How many records of each kind the search box lists. */
export const SEARCH_HITS_PER_KIND = 5;
/** A shorter text finds nothing: too many records would match. */
export const SEARCH_MIN_LENGTH = 2;
