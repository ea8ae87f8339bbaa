import { api } from '../platform/http/openapi';
import { DATA_EXPORT_STATUSES } from './privacy.schema';

/** The erased person's id (POST /people/{id}/erase). */
export const ERASED_PERSON = api.record('ErasedPerson', { _id: api.id });

/** The export's id, to follow its job (POST /people/{id}/data-export). */
export const DATA_EXPORT_STARTED = api.record('DataExportStarted', { _id: api.id });

/** Where the export's job stands (GET /data-export/{id}). */
export const DATA_EXPORT_STATE = api.record('DataExportState', {
  status: api.enum(DATA_EXPORT_STATUSES),
  progress: api.integer,
});

/** GET /retention-review: the people the AML retention no longer keeps. */
export const RETENTION_REVIEW = api.record('RetentionReview', {
  today: api.date,
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
      lastChangedOn: api.date,
      erasableFrom: api.date,
    }),
  ),
});

/** POST /retention-review/erase: who was erased, and who the retention still holds. */
export const BULK_ERASE_RESULT = api.record('BulkEraseResult', {
  erased: api.array(api.id),
  held: api.array(api.id),
});
