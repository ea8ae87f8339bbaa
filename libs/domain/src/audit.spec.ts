import { describe, expect, it } from 'vitest';
import {
  AUDIT_RECORD_TYPES,
  auditFieldLabel,
  auditFieldName,
  auditFieldPathLabel,
  describeAuditEntry,
  expandAuditChanges,
  formatAuditValue,
  isAuditRecordType,
} from './audit';

describe('audited record types (GET /audit recordType)', () => {
  it('lists the fifteen audited record types', () => {
    expect([...AUDIT_RECORD_TYPES]).toEqual([
      'organization',
      'people',
      'link',
      'file',
      'followUp',
      'task',
      'order',
      'subscription',
      'product',
      'form',
      'user',
      'email',
      'settings',
      'shareClass',
      'shareEntry',
    ]);
    expect(isAuditRecordType('task')).toBe(true);
    expect(isAuditRecordType('Task')).toBe(false);
    expect(isAuditRecordType(1)).toBe(false);
  });
});

describe('stored column → API field', () => {
  it.each([
    ['organization', 'financial_year_end', 'financialYearEnd'],
    ['organization', 'b1b73', 'B1B73'],
    ['organization', 'coroporation_tax_number', 'coroporationTaxNumber'],
    ['organization', 'anonymous_shareholder_payment_history', 'anonymousShareholdePaymentHistory'],
    ['people', 'address_street1', 'addressStreet1'],
    ['followUp', 'step_index', 'step_index'],
    ['followUp', 'ard', 'ARD'],
    ['form', 'organization_name1', 'organizationName1'],
    ['form', 'idpal', 'IDPAL'],
  ])('%s.%s is %s', (recordType, column, field) => {
    expect(auditFieldName(recordType, column)).toBe(field);
  });
});

describe('field labels', () => {
  it.each([
    ['financialYearEnd', 'Financial year end'],
    ['incorporationDate', 'Incorporation date'],
    ['cro', 'CRO'],
    ['B1B73', 'B1/B73'],
    ['bilan', 'Bilan (balance sheet)'],
    ['coroporationTaxNumber', 'Corporation tax number'],
    ['appendix2_q1', 'Appendix2 q1'],
    ['step_index', 'Step'],
  ])('%s reads "%s"', (field, label) => {
    expect(auditFieldLabel(field)).toBe(label);
  });

  it('names a nested field by its path', () => {
    expect(auditFieldPathLabel('aml.appendix2_q1')).toBe('AML › Appendix2 q1');
  });
});

describe('values as the firm reads them', () => {
  it.each([
    [null, ''],
    ['', ''],
    [true, 'Yes'],
    [false, 'No'],
    [12, '12'],
    ['2025-12-31', '31/12/2025'],
    ['2026-03-01T09:30:00.000Z', '01/03/2026 - 09:30 AM'],
    [['director', 'secretary'], 'director, secretary'],
    [[{ paidDate: '2025-01-01' }, { paidDate: null }], '2 entries'],
    [[{ paidDate: '2025-01-01' }], '1 entry'],
    [{ userId: 'u1', userName: 'Mary Byrne' }, 'Mary Byrne'],
    [{ a: 1, b: 2 }, '2 fields'],
    ['Acme Ltd', 'Acme Ltd'],
  ])('%j → "%s"', (value, text) => {
    expect(formatAuditValue(value)).toBe(text);
  });
});

describe('object-valued changes split into inner fields', () => {
  it('keeps only the inner fields that differ', () => {
    expect(
      expandAuditChanges([
        {
          field: 'aml',
          old: { appendix2_q1: true, appendix2_q2: false, appendix3: { pep_status: false } },
          new: { appendix2_q1: false, appendix2_q2: false, appendix3: { pep_status: true } },
        },
        { field: 'name', old: 'A', new: 'B' },
      ]),
    ).toEqual([
      { field: 'aml.appendix2_q1', old: true, new: false },
      { field: 'aml.appendix3.pep_status', old: false, new: true },
      { field: 'name', old: 'A', new: 'B' },
    ]);
  });

  it('treats a missing side as empty', () => {
    expect(expandAuditChanges([{ field: 'aml', old: null, new: { appendix2_q1: true } }])).toEqual([
      { field: 'aml.appendix2_q1', old: null, new: true },
    ]);
  });
});

describe('plain-words sentences', () => {
  const base = {
    userName: 'Mary Byrne',
    recordType: 'organization',
    recordLabel: 'Acme Ltd',
    changes: null,
  };

  it('a bulk erase of mail bodies says how many and up to when, never what', () => {
    expect(
      describeAuditEntry({
        ...base,
        recordType: 'email',
        recordLabel: 'Mail bodies',
        action: 'erase mail bodies',
        data: { before: '2021-11-28T04:00:00.000Z', mails: 42, months: 60 },
      }),
    ).toEqual(['Mary Byrne erased the bodies of 42 mails sent before 2021-11-28']);
  });

  it('says what changed, from and to, dates as dd/MM/yyyy (a worked example)', () => {
    expect(
      describeAuditEntry({
        ...base,
        action: 'update',
        changes: [{ field: 'financialYearEnd', old: '2025-12-31', new: '2026-03-31' }],
      }),
    ).toEqual(['Mary Byrne changed Financial year end from 31/12/2025 to 31/03/2026']);
  });

  it.each([
    [
      'organization',
      'creationStatus',
      'IN_PROGRESS',
      'COMPLETED',
      'Creation status from In progress to Completed',
    ],
    ['organization', 'creationPackage', null, 'FULL_PACK', 'set Creation package to Full pack'],
    ['task', 'status', 'TO DO', 'IN PROGRESS', 'Status from To do to In progress'],
    ['subscription', 'status', 'CURRENT', 'UNPAID', 'Status from Current to Unpaid'],
    ['user', 'role', 'staff', 'admin', 'Role from Staff to Administrator'],
    ['user', 'status', 'ACTIVE', 'DISABLED', 'Status from Active to Deactivated'],
    ['order', 'origin', 'NOMAD', 'NEOCIRCLE', 'Origin from Nomad to NEO CIRCLE'],
    [
      'link',
      'roles',
      ['director'],
      ['director', 'nomineeDirector'],
      'Roles from Director to Director, Nominee director',
    ],
    // A value no label knows is shown as it came; the same code on another record stays a code.
    ['organization', 'creationStatus', 'NEWER', 'LATE', 'Creation status from NEWER to Late'],
    ['people', 'status', 'DONE', 'TO DO', 'Status from DONE to TO DO'],
  ])('a %s’s %s reads as words: %j → %j', (recordType, field, before, after, words) => {
    const [line] = describeAuditEntry({
      ...base,
      recordType,
      action: 'update',
      changes: [{ field, old: before, new: after }],
    });
    expect(line).toContain(words);
  });

  it.each([
    [{ field: 'cro', old: null, new: '123456' }, 'Mary Byrne set CRO to 123456'],
    [{ field: 'cro', old: '123456', new: '' }, 'Mary Byrne cleared CRO (was 123456)'],
    [{ field: 'rbo', old: false, new: true }, 'Mary Byrne changed RBO from No to Yes'],
  ])('%j', (change, line) => {
    expect(describeAuditEntry({ ...base, action: 'update', changes: [change] })).toEqual([line]);
  });

  it('names the record on the Activity page', () => {
    expect(
      describeAuditEntry(
        { ...base, action: 'update', changes: [{ field: 'name', old: 'Acme', new: 'Acme Ltd' }] },
        true,
      ),
    ).toEqual(['Mary Byrne changed Name from Acme to Acme Ltd on organization Acme Ltd']);
  });

  it.each([
    ['create', 'Mary Byrne created organization Acme Ltd'],
    ['delete', 'Mary Byrne deleted organization Acme Ltd'],
    ['restore', 'Mary Byrne restored organization Acme Ltd'],
    ['update', 'Mary Byrne updated organization Acme Ltd'],
  ])('%s', (action, line) => {
    expect(describeAuditEntry({ ...base, action })).toEqual([line]);
  });

  it.each([
    [{ action: 'sign-in', recordType: 'user' }, 'Mary Byrne signed in'],
    [{ action: 'sign-up', recordType: 'user', recordLabel: 'Mary Byrne' }, 'Mary Byrne signed up'],
    [
      { action: 'sign-up', recordType: 'user', recordLabel: 'Sean Kelly' },
      'Mary Byrne invited user Sean Kelly',
    ],
    [
      { action: 'password change', recordType: 'user', recordLabel: 'Mary Byrne' },
      'Mary Byrne changed the password of user Mary Byrne',
    ],
    [
      { action: 'failed sign-in', recordType: 'user', userName: null, recordLabel: 'x@firm.ie' },
      'Failed sign-in for x@firm.ie',
    ],
    [
      { action: 'failed sign-in', recordType: 'user', userName: null, recordLabel: null },
      'Failed sign-in',
    ],
    [
      { action: 'upload', recordType: 'file', recordLabel: 'kyc.pdf' },
      'Mary Byrne uploaded file kyc.pdf',
    ],
    [
      { action: 'file delete', recordType: 'file', recordLabel: 'kyc.pdf' },
      'Mary Byrne deleted file kyc.pdf',
    ],
    [
      { action: 'link', recordType: 'link', recordLabel: null },
      'Mary Byrne linked a person and an organization',
    ],
    [
      { action: 'unlink', recordType: 'link', recordLabel: 'John Smith' },
      'Mary Byrne unlinked John Smith',
    ],
    [
      { action: 'email queued', recordType: 'email', recordLabel: 'Reminder', userName: null },
      'System queued e-mail Reminder',
    ],
    [
      { action: 'create', recordType: 'people', recordLabel: 'John Smith' },
      'Mary Byrne created person John Smith',
    ],
    [
      { action: 'import', recordType: 'organization', data: { fileName: 'book.xlsx' } },
      'Imported from book.xlsx by Mary Byrne',
    ],
    [{ action: 'import', recordType: 'people', data: null }, 'Imported from a file by Mary Byrne'],
    // A follow-up is labelled by its type: the catalogue's name is shown, not the code.
    [
      { action: 'create', recordType: 'followUp', recordLabel: 'AR_TRADING' },
      'Mary Byrne created follow-up Annual Return (trading)',
    ],
    [
      { action: 'delete', recordType: 'followUp', recordLabel: 'SOMETHING_NEWER' },
      'Mary Byrne deleted follow-up SOMETHING_NEWER',
    ],
    [
      { action: 'frobnicate', recordType: 'widget', recordLabel: null },
      'Mary Byrne frobnicate a widget',
    ],
  ])('%j', (entry, line) => {
    expect(describeAuditEntry({ ...base, ...entry })).toEqual([line]);
  });
});
