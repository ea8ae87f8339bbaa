/**
 * Every trigger of the database but the audit trail's (each audited context declares its own
 * `auditTrail` beside its table): the maintained counts, the follow-ups' copy of their
 * organization's search text, and the history's own guards. The
 * functions they execute are in this folder's .sql files. The database rules
 * (../database-rules.ts) create exactly these after each migration run and drop any other.
 */
export interface TriggerDeclaration {
  name: string;
  table: string;
  /** Timing and events, as CREATE TRIGGER writes them. */
  on: string;
  forEach: 'ROW' | 'STATEMENT';
  /** Transition tables (statement triggers). */
  referencing?: string;
  /**
   * A constraint trigger deferred to the commit (row triggers only): what it writes is locked
   * only while the transaction commits.
   */
  deferred?: true;
  execute: string;
  /**
   * What fills the structure the trigger keeps, run when the trigger is created where it did not
   * exist: from then on the trigger keeps it exact.
   */
  rebuild?: string;
}

/** Tables whose unfiltered list reads its total from `live_record_counts` (ADR 0081). */
export const LIVE_COUNTED_TABLES = [
  'people',
  'organizations',
  'orders',
  'subscriptions',
  'tasks',
] as const;

export const TRIGGERS: readonly TriggerDeclaration[] = [
  // The duplicate-key counts (ADR 0080).
  ...(['people', 'organizations'] as const).map((table) => ({
    name: `${table}_duplicate_key_count`,
    table,
    on: `AFTER INSERT OR DELETE OR UPDATE OF duplicate_key, deleted_at`,
    forEach: 'ROW' as const,
    execute: 'registra_duplicate_key_count()',
    rebuild: 'registra_rebuild_duplicate_key_counts()',
  })),
  // The live counts (ADR 0081).
  ...LIVE_COUNTED_TABLES.map((table) => ({
    name: `${table}_live_count`,
    table,
    on: 'AFTER INSERT OR DELETE OR UPDATE OF deleted_at',
    forEach: 'ROW' as const,
    execute: 'registra_live_count()',
    rebuild: `registra_live_count_rebuild('${table}')`,
  })),
  // ...whose pending delta is written to the counter row at commit (ADR 0137).
  ...LIVE_COUNTED_TABLES.map((table) => ({
    name: `${table}_live_count_flush`,
    table,
    on: 'AFTER INSERT OR DELETE OR UPDATE OF deleted_at',
    forEach: 'ROW' as const,
    deferred: true as const,
    execute: 'registra_live_count_flush()',
  })),
  // The follow-ups' summary and the dashboard card's counts (ADR 0093).
  {
    name: 'follow_ups_deadline_count',
    table: 'follow_ups',
    on: 'AFTER INSERT OR DELETE OR UPDATE OF deleted_at, archived_at, step_index, max_step_index, deadline',
    forEach: 'ROW',
    execute: 'registra_follow_up_count()',
    rebuild: 'registra_rebuild_follow_up_counts()',
  },
  {
    name: 'follow_ups_organization_count',
    table: 'follow_ups',
    on: 'AFTER INSERT OR DELETE OR UPDATE OF deleted_at, archived_at, organization_id',
    forEach: 'ROW',
    execute: 'registra_follow_up_organization_count()',
    rebuild: 'registra_rebuild_follow_up_organization_counts()',
  },
  // The copy of the organization's search text on its follow-ups (ADR 0151): taken when a
  // follow-up is created, moved (a merge) or restored, rewritten when the organization's text
  // changes.
  {
    name: 'follow_ups_organization_search_text',
    table: 'follow_ups',
    on: 'BEFORE INSERT OR UPDATE OF organization_id, deleted_at',
    forEach: 'ROW',
    execute: 'registra_follow_up_organization_search_text()',
    rebuild: 'registra_rebuild_follow_up_organization_search_text()',
  },
  {
    name: 'organizations_follow_up_search_text',
    table: 'organizations',
    on: 'AFTER UPDATE OF search_text',
    forEach: 'ROW',
    execute: 'registra_organization_follow_up_search_text()',
    rebuild: 'registra_rebuild_follow_up_organization_search_text()',
  },
  // The history: append-only, and its row count (ADR 0094).
  {
    name: 'audit_log_append_only',
    table: 'audit_log',
    on: 'BEFORE UPDATE OR DELETE',
    forEach: 'ROW',
    execute: 'registra_audit_append_only()',
  },
  {
    name: 'audit_log_no_truncate',
    table: 'audit_log',
    on: 'BEFORE TRUNCATE',
    forEach: 'STATEMENT',
    execute: 'registra_audit_append_only()',
  },
  {
    name: 'audit_log_count',
    table: 'audit_log',
    on: 'AFTER INSERT',
    forEach: 'STATEMENT',
    referencing: 'NEW TABLE AS appended',
    execute: 'registra_audit_log_count()',
    rebuild: 'registra_rebuild_audit_log_counts()',
  },
];
