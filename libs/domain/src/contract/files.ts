import type { AttachedFile } from './people-organizations';

/** The `data` of POST /file: the record's new entry plus the file's id. */
export interface FileView extends AttachedFile {
  _id: string;
}
