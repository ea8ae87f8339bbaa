import { api } from '../platform/http/openapi';
import { DATA_EXPORT_STATUSES } from './privacy.schema';

/** The erased person's id (POST /people/{id}/erase). */
export const ERASED_PERSON = api.schema('ErasedPerson', api.object({ _id: api.id }));

/** The export's id, to follow its job (POST /people/{id}/data-export). */
export const DATA_EXPORT_STARTED = api.schema('DataExportStarted', api.object({ _id: api.id }));

/** Where the export's job stands (GET /data-export/{id}). */
export const DATA_EXPORT_STATE = api.schema(
  'DataExportState',
  api.object({ status: api.enum(DATA_EXPORT_STATUSES), progress: api.integer }),
);
