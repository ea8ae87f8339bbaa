import Badge from 'react-bootstrap/Badge';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { fullName, PEOPLE_TABS } from '@registra/domain';
import { extensionTitle, orderTabs, useExtensions } from '../../../components/extensions';
import { RecordHeader } from '../../../components/RecordHeader';
import { RecordLoading, RecordNotLoaded } from '../../../components/RecordLoading';
import { RawDataTab } from '../../../components/RawDataTab';
import { useActiveTabIntoView } from '../../../components/useActiveTabIntoView';
import { useGetPersonQuery, useLinksOfPersonQuery } from '../api';
import { PersonFilesTab } from '../components/PersonFilesTab';
import { PersonForm } from '../components/PersonForm';
import { PersonOrganizationsTab } from '../components/PersonOrganizationsTab';
import { PersonPrivacyActions } from '../components/PersonPrivacyActions';

/** The tabs, in PEOPLE_TABS' order. */
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

/** /people/{id}/{tab?}: a person's record (docs/product/organizations-and-people.md). */
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
  useActiveTabIntoView('person-tabs', activeTab, Boolean(person));

  if (isLoading) {
    return <RecordLoading />;
  }
  if (isError || !person) {
    // A person merged into another: its old address leads to the kept one.
    return (
      <RecordNotLoaded
        error={error}
        listPath="/people"
        mergedPath={(mergedInto) => `/people/${mergedInto}`}
        deleted={{ kind: 'person', listLabel: 'Back to the people' }}
        message={(error as { message?: string } | undefined)?.message ?? 'Error'}
        retry={() => void refetch()}
      />
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
      <PersonPrivacyActions personId={person._id} />

      <Tabs
        activeKey={activeTab}
        onSelect={selectTab}
        id="person-tabs"
        className="mb-3"
        // A phone scrolls the row of tabs sideways (app.css).
        data-scroll-frame=""
      >
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
                {person.files.length}
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
