import { SEARCH_HITS_PER_KIND } from '@registra/domain';
import type { SearchHit } from '@registra/domain';

/** How many records of one kind the top bar's search shows. */
export const FIRST_HITS = SEARCH_HITS_PER_KIND;

/** A list's views as PostgreSQL wrote them (ADR 0090), each made a hit of the top bar. */
export const hitsOf = <View>(items: readonly string[], hit: (view: View) => SearchHit) =>
  items.map((item) => hit(JSON.parse(item) as View));
