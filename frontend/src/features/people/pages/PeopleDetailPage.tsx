import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { fullName, PEOPLE_TABS } from '@registra/domain';
import { extensionTitle, orderTabs, useExtensions } from '../../../components/extensions';
import { DeletedRecord, isDeletedRecordError } from '../../../components/DeletedRecord';
import { RecordHeader } from '../../../components/RecordHeader';
import { RawDataTab } from '../../../components/RawDataTab';
import { useGetPersonQuery, useLinksOfPersonQuery } from '../api';
import { PersonFilesTab } from '../components/PersonFilesTab';
import { PersonForm } from '../components/PersonForm';
import { PersonOrganizationsTab } from '../components/PersonOrganizationsTab';

/** The tabs, in the spec's order. */
export const PERSON_TABS = [
  'INFORMATION',
  'ATTACHEDFILES_PEOPLE_TAB',
  'ORGANIZATION_TAB',
  'RAW_DATA',
] as const;
export type PersonTab = (typeof PERSON_TABS)[number];

const isPersonTab = (value: string | undefined): value is PersonTab =>
  (PERSON_TABS as readonly string[]).includes(value ?? '');

/** Where the person was opened from: the list remembers its filters in the address. */
interface FromState {
  from?: string;
}

/** /people/{id}/{tab?}: a person's record (spec 01 "People detail"). */
export function PeopleDetailPage() {
  const { id = '', tab } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  const { personTabs } = useExtensions();
  const contributed = personTabs.find((extension) => extension.key === tab);
  const activeTab: string = isPersonTab(tab) ? tab : (contributed?.key ?? 'INFORMATION');

  const { data: person, isLoading, isError, error, refetch, isFetching } = useGetPersonQuery(id);
  const links = useLinksOfPersonQuery(id, { skip: !person });

  if (isLoading) {
    return (
      <div className="text-center py-5">
        <Spinner animation="border" role="status">
          <span className="visually-hidden">Loading...</span>
        </Spinner>
      </div>
    );
  }
  if (isError || !person) {
    const notFound = (error as { status?: unknown } | undefined)?.status === 404;
    // A person merged into another: its old address leads to the kept one.
    const mergedInto = (error as { mergedInto?: string } | undefined)?.mergedInto;
    if (notFound && mergedInto) return <Navigate to={`/people/${mergedInto}`} replace />;
    if (isDeletedRecordError(error)) {
      return <DeletedRecord kind="person" listPath="/people" listLabel="Back to the people" />;
    }
    if (notFound) return <Navigate to="/people" replace />;
    return (
      <div className="py-5">
        <p className="text-danger">
          {(error as { message?: string } | undefined)?.message ?? 'Error'}
        </p>
        <Button variant="outline-secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const selectTab = (key: string | null) => {
    if (!key || key === activeTab) return;
    // A tab switch replaces the entry and keeps where the page was opened from.
    navigate(`/people/${id}/${key}`, { replace: true, state: location.state });
  };

  return (
    <>
      <RecordHeader
        title={fullName(person)}
        updatedAt={person.updatedAt}
        createdAt={person.createdAt}
        onBack={() => navigate(from ?? '/people')}
      />

      <Tabs activeKey={activeTab} onSelect={selectTab} id="person-tabs" className="mb-3">
        <Tab eventKey="INFORMATION" title="Information">
          {/* Another person starts a fresh form; a newer version of this one is the form's call. */}
          <PersonForm
            key={person._id}
            person={person}
            onReload={() => void refetch()}
            reloading={isFetching}
          />
        </Tab>
        <Tab
          eventKey="ATTACHEDFILES_PEOPLE_TAB"
          title={
            <>
              Files{' '}
              <Badge bg="secondary" pill>
                {person.attachedFiles.length}
              </Badge>
            </>
          }
        >
          <PersonFilesTab person={person} />
        </Tab>
        <Tab
          eventKey="ORGANIZATION_TAB"
          title={
            <>
              Organizations{' '}
              <Badge bg="secondary" pill>
                {links.data?.length ?? 0}
              </Badge>
            </>
          }
        >
          <PersonOrganizationsTab personId={id} links={links.data} isLoading={links.isLoading} />
        </Tab>
        {orderTabs(
          [
            ...personTabs.map((extension) => {
              const props = { person, reload: () => void refetch() };
              return {
                key: extension.key,
                title: extensionTitle(extension, props),
                body: <extension.Component {...props} />,
              };
            }),
            { key: 'RAW_DATA', title: 'Raw Data', body: <RawDataTab data={person} /> },
          ],
          PEOPLE_TABS,
        ).map(({ key, title, body }) => (
          <Tab key={key} eventKey={key} title={title} mountOnEnter>
            {body}
          </Tab>
        ))}
      </Tabs>
    </>
  );
}
