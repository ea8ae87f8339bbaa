import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import {
  isOrganizationFolderName,
  organizationFileFolder,
  organizationFolders,
} from '@registra/domain';
import { FileList } from '../../../components/files/FileList';
import { FileUploader } from '../../../components/files/FileUploader';
import type { AttachedFile } from '../../../types/records';

export interface FolderSummary {
  name: string;
  files: AttachedFile[];
}

/**
 * The organization's folders (organizationFolders(): the fixed ones, then this year's and the two
 * previous annual returns) with the files stored under `organization/{id}/{name}`. A folder that
 * has left the list (an older annual return) still shows while it holds files.
 */
export function groupByFolder(
  organizationId: string,
  files: AttachedFile[],
  now: Date = new Date(),
): FolderSummary[] {
  const prefix = `organization/${organizationId}/`;
  const byName = new Map<string, AttachedFile[]>(
    organizationFolders(now).map((name) => [name, []]),
  );
  for (const file of files) {
    const name = file.folder.startsWith(prefix) ? file.folder.slice(prefix.length) : '';
    // The server accepts no other folder; anything else could not be uploaded into either.
    if (!isOrganizationFolderName(name)) continue;
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  const listed = organizationFolders(now);
  const older = [...byName.keys()].filter((name) => !listed.includes(name)).sort();
  return [...listed, ...older].map((name) => ({ name, files: byName.get(name) ?? [] }));
}

export interface FilesTabProps {
  organizationId: string;
  /** The organization's `files`: the entries behind its `attachedFiles` URLs. */
  files: AttachedFile[];
}

/**
 * The Files tab (docs/product/organizations-and-people.md): folders with file counts, a folder's
 * files, upload.
 */
export function FilesTab({ organizationId, files }: FilesTabProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const folders = groupByFolder(organizationId, files);
  const current = folders.find((folder) => folder.name === selected);

  return (
    <Row className="g-3">
      <Col md={4} lg={3}>
        <ListGroup role="group" aria-label="Folders">
          {folders.map((folder) => (
            <ListGroup.Item
              key={folder.name}
              action
              active={folder.name === selected}
              aria-current={folder.name === selected ? 'true' : undefined}
              className="d-flex justify-content-between align-items-center"
              onClick={() => setSelected(folder.name)}
              data-testid={`folder-${folder.name}`}
            >
              <span>{folder.name}</span>
              <Badge
                bg={folder.name === selected ? 'light' : 'secondary'}
                text={folder.name === selected ? 'dark' : undefined}
                pill
              >
                {folder.files.length}
              </Badge>
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Col>
      <Col md={8} lg={9}>
        {current ? (
          <div className="d-grid gap-3">
            <h2 className="h5 mb-0">{current.name}</h2>
            <Card body>
              <FileUploader
                folder={organizationFileFolder(organizationId, current.name)}
                label={`Upload to ${current.name}`}
              />
            </Card>
            <FileList files={current.files} emptyText="No files in this folder yet." />
          </div>
        ) : (
          <p className="text-muted">Choose a folder to see its files and upload into it.</p>
        )}
      </Col>
    </Row>
  );
}
