import { sql } from 'drizzle-orm';
import type { LargeBookPart } from './support';

/** The staff whose names the book's history carries, in turn. */
const STAFF = ['Mary Byrne', 'Seán Kelly', 'Aoife Murphy', 'Ciara Walsh'];
const staffName = (rowNumber: string) =>
  sql.raw(
    `(ARRAY[${STAFF.map((name) => `'${name.replace(/'/g, "''")}'`).join(',')}])[(${rowNumber} % ${STAFF.length}) + 1]`,
  );

/**
 * A realistic change history for the book: each organization's creation and three
 * later changes of its dates and notes, each person's creation, each link. Written in SQL from
 * the seeded rows (about 1.1 million audit rows), once: a second run finds them and adds nothing.
 */
export const auditHistory: LargeBookPart = {
  name: 'audit history',
  tables: ['audit_log'],
  async seed(db) {
    const seeded = (await db.execute(
      sql`SELECT EXISTS (SELECT 1 FROM audit_log WHERE data @> '{"largeBook": true}') AS done`,
    )) as unknown as { rows: { done: boolean }[] };
    if (seeded.rows[0].done) {
      console.log('audit history: already there');
      return;
    }
    const started = Date.now();
    await db.execute(sql`
      INSERT INTO audit_log (at, user_name, record_type, record_id, record_label, action, data)
      SELECT o.created_at, ${staffName('row_number() OVER (ORDER BY o.id)')}, 'organization', o.id,
             o.name, 'create', jsonb_build_object('largeBook', true, 'name', o.name)
      FROM organizations o`);
    await db.execute(sql`
      INSERT INTO audit_log (at, user_name, record_type, record_id, record_label, action, changes)
      SELECT o.created_at + (step * interval '41 days'), ${staffName('(row_number() OVER (ORDER BY o.id)) + step')},
             'organization', o.id, o.name, 'update',
             CASE step
               WHEN 1 THEN jsonb_build_object('incorporationDate',
                 jsonb_build_array(NULL, o.incorporation_date))
               WHEN 2 THEN jsonb_build_object('financialYearEnd',
                 jsonb_build_array(to_char(o.created_at, 'YYYY') || '-12-31', o.financial_year_end))
               ELSE jsonb_build_object('notes', jsonb_build_array(NULL, 'Called about the annual return.'))
             END
      FROM organizations o CROSS JOIN generate_series(1, 3) AS step`);
    await db.execute(sql`
      INSERT INTO audit_log (at, user_name, record_type, record_id, record_label, action, data)
      SELECT p.created_at, ${staffName('row_number() OVER (ORDER BY p.id)')}, 'people', p.id,
             p.first_name || ' ' || p.last_name, 'create',
             jsonb_build_object('largeBook', true, 'firstName', p.first_name, 'lastName', p.last_name)
      FROM people p`);
    await db.execute(sql`
      INSERT INTO audit_log (at, user_name, record_type, record_id, record_label, related_ids, action, data)
      SELECT l.created_at, ${staffName('row_number() OVER (ORDER BY l.id)')}, 'link', l.id,
             p.first_name || ' ' || p.last_name || ' and ' || o.name,
             ARRAY[l.people_id, l.organization_id], 'link',
             jsonb_build_object('largeBook', true, 'roles', l.roles)
      FROM people_organization_links l
      JOIN people p ON p.id = l.people_id
      JOIN organizations o ON o.id = l.organization_id`);
    console.log(`audit history: written (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  },
};
