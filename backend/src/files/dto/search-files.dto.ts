import { PageQueryDto } from '../../platform/http/list-query.dto';

/** POST /api/file/search: the most recent files, newest first. */
export class SearchFilesDto extends PageQueryDto {}
