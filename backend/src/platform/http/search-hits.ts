import { SEARCH_HITS_PER_KIND } from '@registra/domain';
import type { SearchHit } from '@registra/domain';

/** The page the top bar's search reads of a list: its first hits of one kind. */
export const FIRST_HITS = { offset: 0, limit: SEARCH_HITS_PER_KIND } as const;

/** A list's views as PostgreSQL wrote them (ADR 0090), each made a hit of the top bar. */
export const hitsOf = <View>(items: readonly string[], hit: (view: View) => SearchHit) =>
  items.map((item) => hit(JSON.parse(item) as View));
