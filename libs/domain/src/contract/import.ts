// The import of a firm's book from CSV or Excel, as the API answers it (docs/api/import.md).
import type {
  ImportDuplicateChoice,
  ImportKind,
  ImportMapping,
  ImportRecordType,
  ImportStatus,
} from '../rules/import';

/** POST /import: the file's columns, the guessed mapping and the first rows as they will be stored. */
export interface ImportUploadView {
  _id: string;
  kind: ImportKind;
  fileName: string;
  format: 'csv' | 'xlsx';
  /** CSV: the detected encoding and delimiter. */
  encoding: string | null;
  delimiter: string | null;
  /** XLSX: the workbook's sheets and the one read. */
  sheets: string[];
  sheet: string | null;
  /** The header's row number (guessed: rows above it, a title, are not read); the check may change it. */
  headerRow: number;
  columns: string[];
  mapping: ImportMapping;
  preview: Array<Record<string, unknown>>;
}

export interface ImportRowError {
  /** As a spreadsheet shows it: the header is row 1. */
  row: number;
  column: string | null;
  message: string;
}

export interface ImportDuplicate {
  row: number;
  recordType: ImportRecordType;
  /** The record of the book it matches; null when it matches an earlier row of the file. */
  recordId: string | null;
  /** The earlier row of the file it repeats, if any. */
  duplicateOfRow: number | null;
  label: string;
}

/**
 * What the check (a background job started by POST /import/{id}/check) found: `check` of
 * GET /import/{id} once the import is `checked`.
 */
export interface ImportCheckView {
  rows: number;
  /** The first 1 000 errors. */
  errors: ImportRowError[];
  /** How many errors in all (errors.csv lists every one). */
  errorCount: number;
  /** The first 1 000 duplicates. */
  duplicates: ImportDuplicate[];
  duplicateCount: number;
  /** The first rows as they will be stored. */
  preview: Array<Record<string, unknown>>;
}

/** GET /import/{id} and each entry of GET /import. */
export interface ImportView {
  _id: string;
  kind: ImportKind;
  fileName: string;
  status: ImportStatus;
  /** 0 to 1: of the check while `checking`, of the undo while `undoing`, else of the run. */
  progress: number;
  rows: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  onDuplicate: ImportDuplicateChoice | null;
  /** Who uploaded it, in whose name it runs: with administrators, the one who may undo it. */
  userId: string | null;
  userName: string;
  createdAt: string;
  finishedAt: string | null;
  /** Until when undo is offered (finished + 30 days), while it is. */
  undoableUntil: string | null;
  undoneAt: string | null;
  /** Why a check, a run or an undo stopped (status check_failed, failed or undo_failed). */
  failure: string | null;
  /** The last check's result (GET /import/{id} only; null in the history and before a check). */
  check: ImportCheckView | null;
  /** The undo once asked for (status undoing, undone or undo_failed); null before. */
  undo: ImportUndoView | null;
  /** When the daily housekeeping removed the stored file (no check or run after that). */
  fileRemovedAt: string | null;
  /**
   * While `checking`, `running` or `undoing`: its job could not be queued (the queue, Redis, was
   * away); the worker queues it as soon as the queue is back, and it starts then.
   */
  waitingForQueue: boolean;
  /**
   * How many times the worker found this import's job gone, failed or stalled (a worker killed,
   * the queue lost) and resumed it after its last committed batch.
   */
  resumes: number;
}

/**
 * An import's undo (a background job; `progress` of the import follows it while `undoing`):
 * what it deleted and restored so far, and the records changed since the import, left alone.
 */
export interface ImportUndoView {
  /** The records the import wrote, and how many of them the undo has gone through. */
  records: number;
  recordsDone: number;
  deleted: number;
  restored: number;
  leftAloneCount: number;
  /** The first 1 000 left alone (GET /import/{id}; empty in the history list). */
  leftAlone: Array<{ recordType: ImportRecordType; recordId: string; label: string }>;
}
