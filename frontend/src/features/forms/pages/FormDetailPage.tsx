import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { DETAIL_TABS, MESSAGES, ROUTES, formPath } from '@registra/domain';
import type { DetailTab } from '@registra/domain';
import { errorText } from '../../../lib/errors';
import { RecordHeader } from '../../../components/RecordHeader';
import { RecordLoading, RecordNotLoaded } from '../../../components/RecordLoading';
import { RawDataTab } from '../../../components/RawDataTab';
import { useGetFormQuery } from '../api';
import { FormRequestEditor } from '../components/FormRequestEditor';
import { KeepRequest } from '../components/KeepRequest';

const isDetailTab = (value: string | undefined): value is DetailTab =>
  (DETAIL_TABS as readonly string[]).includes(value ?? '');

/** /form/{id}/{INFORMATION|RAW_DATA}: one request, the tab kept in the address. */
export function FormDetailPage() {
  const { id = '', tab } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const activeTab: DetailTab = isDetailTab(tab) ? tab : 'INFORMATION';
  const { data: form, isLoading, isError, error, refetch, isFetching } = useGetFormQuery(id);

  if (isLoading) {
    return <RecordLoading />;
  }
  if (isError || !form) {
    // "Form load failure: server message or error code."
    return (
      <RecordNotLoaded
        error={error}
        listPath={ROUTES.forms}
        deleted={{ kind: 'form', listLabel: 'Back to the requests' }}
        message={errorText(error, MESSAGES.anErrorOccurred)}
        retry={() => void refetch()}
      />
    );
  }

  return (
    <>
      <RecordHeader
        title={form.organizationName1}
        updatedAt={form.updatedAt}
        createdAt={form.createdAt}
        onBack={() => navigate(from ?? ROUTES.forms)}
      />
      <KeepRequest form={form} />
      <Tabs
        activeKey={activeTab}
        onSelect={(key) => {
          if (key && key !== activeTab) {
            navigate(formPath(id, key as DetailTab), { replace: true, state: location.state });
          }
        }}
        id="form-tabs"
        className="mb-3"
        // A phone scrolls the row of tabs sideways (app.css).
        data-scroll-frame=""
      >
        <Tab eventKey="INFORMATION" title="Information">
          <FormRequestEditor
            key={form._id}
            form={form}
            onReload={() => void refetch()}
            reloading={isFetching}
          />
        </Tab>
        <Tab eventKey="RAW_DATA" title="Raw Data" mountOnEnter>
          <RawDataTab data={form} />
        </Tab>
      </Tabs>
    </>
  );
}
