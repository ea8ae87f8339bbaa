import { DATA_EXPORT_STATUSES } from '@registra/domain';
import { api } from '../platform/http/openapi';

/** The erased person's id (POST /people/{id}/erase). */
export const ERASED_PERSON = api.record('ErasedPerson', { _id: api.id });

/** The export's id, to follow its job (POST /people/{id}/data-export). */
export const DATA_EXPORT_STARTED = api.record('DataExportStarted', { _id: api.id });

/** Where the export's job stands (GET /data-export/{id}). */
export const DATA_EXPORT_STATE = api.record('DataExportState', {
  status: api.enum(DATA_EXPORT_STATUSES),
  progress: api.integer,
});

/** GET /retention-review: what the retention periods let go, as last prepared. */
export const RETENTION_REVIEW = api.record('RetentionReview', {
  preparedAt: api.nullableTimestamp,
  preparedBy: api.nullableString,
  periods: api.record('RetentionPeriods', {
    amlRetentionYears: api.integer,
    prospectRetentionMonths: api.integer,
    mailBodyRetentionMonths: api.integer,
  }),
  people: api.array(
    api.record('RetentionReviewPerson', {
      _id: api.id,
      firstName: api.string,
      lastName: api.string,
      lastEndedOn: api.date,
      erasableFrom: api.date,
    }),
  ),
  prospects: api.array(
    api.record('RetentionReviewProspect', {
      _id: api.id,
      organizationName1: api.string,
      kept: api.boolean,
      lastChangedOn: api.date,
      erasableFrom: api.date,
    }),
  ),
  mailBodies: api.record('RetentionReviewMailBodies', {
    before: api.nullableTimestamp,
    count: api.integer,
    oldest: api.nullableTimestamp,
  }),
});

/** POST /retention-review/mail-bodies/erase: how many mails lost their body. */
export const MAIL_BODIES_ERASED = api.record('MailBodiesErased', { erased: api.integer });

/** POST /retention-review/erase: who was erased, and who the retention still holds. */
export const BULK_ERASE_RESULT = api.record('BulkEraseResult', {
  erased: api.array(api.id),
  held: api.array(api.id),
});
