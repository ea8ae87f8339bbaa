import Card from 'react-bootstrap/Card';
import { peopleFileFolder } from '@registra/domain';
import { FileList } from '../../../components/files/FileList';
import { FileUploader } from '../../../components/files/FileUploader';
import type { Person } from '../../../types/records';

/** The person's Files tab: upload into `people/{id}`, list, delete. */
export function PersonFilesTab({ person }: { person: Pick<Person, '_id' | 'files'> }) {
  return (
    <div className="d-grid gap-3">
      <Card body>
        <FileUploader folder={peopleFileFolder(person._id)} label="Upload a file" />
      </Card>
      {/* `files`: the entries behind the `attachedFiles` URLs (name, size, uploader). */}
      <FileList files={person.files} />
    </div>
  );
}
