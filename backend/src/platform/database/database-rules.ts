import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAuditTrail } from '../audit/audit-trail';
import type { AuditTrail } from '../audit/audit-trail';
import { BACKEND_ROOT } from '../config/backend-root';
import { TRIGGERS } from './routines/triggers';
import type { TriggerDeclaration } from './routines/triggers';
import * as schema from './schema';

/**
 * The database's own rules (its functions and triggers) live once, in their current form, in
 * platform/database/routines (the functions' .sql files and the triggers' declarations) and in
 * each audited context's `auditTrail`. Migrations change tables and data only; after each
 * migration run these rules are applied whole, in one transaction: every function and trigger
 * of the product dropped and created again as declared, so that one no longer declared is gone.
 * A trigger created where it did not exist fills what it keeps (its `rebuild`). Nothing is done
 * when the database already holds these rules (their hash).
 */
export const ROUTINES_FOLDER = join(BACKEND_ROOT, 'src', 'platform', 'database', 'routines');

/** What the rules need of a connection: one holding the migration lock, when there is one. */
export interface RulesConnection {
  /** Runs statements that return nothing (several at once). */
  exec(script: string): Promise<void>;
  rows<T>(statement: string): Promise<T[]>;
}

/** Every audited context's trail, from the tables' modules gathered in the schema. */
export const AUDIT_TRAILS: readonly AuditTrail[] = Object.values(schema).filter(isAuditTrail);

const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => literal(`{${values.join(',')}}`);
const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

function createTrigger(trigger: TriggerDeclaration): string {
  return [
    `CREATE ${trigger.deferred ? 'CONSTRAINT ' : ''}TRIGGER ${identifier(trigger.name)} ${trigger.on} ON ${identifier(trigger.table)}`,
    trigger.deferred ? 'DEFERRABLE INITIALLY DEFERRED' : '',
    trigger.referencing ? `REFERENCING ${trigger.referencing}` : '',
    `FOR EACH ${trigger.forEach} EXECUTE FUNCTION ${trigger.execute};`,
  ]
    .filter(Boolean)
    .join(' ');
}

function auditTrigger(trail: AuditTrail): TriggerDeclaration {
  const args = [
    literal(trail.recordType),
    literal(trail.insertAction),
    literal(trail.deleteAction),
    textArray(trail.hidden),
    textArray(trail.label),
    textArray(trail.related),
  ];
  return {
    name: 'registra_audit',
    table: trail.table,
    on: `AFTER ${trail.events}`,
    forEach: 'ROW',
    execute: `registra_audit(${args.join(', ')})`,
  };
}

/** Every trigger of the product: the declared ones and one audit trigger per audited table. */
export function declaredTriggers(): TriggerDeclaration[] {
  return [...TRIGGERS, ...AUDIT_TRAILS.map(auditTrigger)];
}

/** The functions (each .sql file, by name), the triggers and the audited record types. */
export function rulesScript(): string {
  const functions = readdirSync(ROUTINES_FOLDER)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => readFileSync(join(ROUTINES_FOLDER, file), 'utf8'));
  const recordTypes = AUDIT_TRAILS.map(
    (trail) =>
      `INSERT INTO audit_record_types (record_type, table_name, restorable) VALUES (${literal(
        trail.recordType,
      )}, ${literal(trail.table)}, ${trail.restorable}) ON CONFLICT (record_type) DO UPDATE SET table_name = EXCLUDED.table_name, restorable = EXCLUDED.restorable;`,
  );
  return [...functions, ...declaredTriggers().map(createTrigger), ...recordTypes].join('\n');
}

export const rulesHash = (script: string) => createHash('sha256').update(script).digest('hex');

/** Applies the rules when the database does not hold them yet; true when it did something. */
export async function applyDatabaseRules(connection: RulesConnection): Promise<boolean> {
  const script = rulesScript();
  const hash = rulesHash(script);
  await connection.exec('BEGIN');
  try {
    const [held] = await connection.rows<{ hash: string }>(
      'SELECT hash FROM database_rules WHERE single FOR UPDATE',
    );
    if (held?.hash === hash) {
      await connection.exec('COMMIT');
      return false;
    }
    const existing = await connection.rows<{ name: string; table: string }>(`
      SELECT t.tgname AS name, c.relname AS table
      FROM pg_trigger t
      JOIN pg_class c ON c.oid = t.tgrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE NOT t.tgisinternal AND n.nspname = 'public'`);
    const functions = await connection.rows<{ signature: string }>(`
      SELECT p.oid::regprocedure::text AS signature
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND p.proname LIKE 'registra\\_%'`);
    await connection.exec(
      [
        ...existing.map((t) => `DROP TRIGGER ${identifier(t.name)} ON ${identifier(t.table)};`),
        ...functions.map((f) => `DROP FUNCTION ${f.signature};`),
        script,
      ].join('\n'),
    );
    const before = new Set(existing.map((t) => `${t.table}.${t.name}`));
    const rebuilds = declaredTriggers()
      .filter((t) => t.rebuild && !before.has(`${t.table}.${t.name}`))
      .map((t) => t.rebuild!);
    for (const rebuild of new Set(rebuilds)) await connection.exec(`SELECT ${rebuild};`);
    await connection.exec(
      `INSERT INTO database_rules (single, hash, applied_at) VALUES (true, ${literal(hash)}, now())
       ON CONFLICT (single) DO UPDATE SET hash = EXCLUDED.hash, applied_at = EXCLUDED.applied_at;`,
    );
    await connection.exec('COMMIT');
    return true;
  } catch (error) {
    await connection.exec('ROLLBACK');
    throw error;
  }
}
