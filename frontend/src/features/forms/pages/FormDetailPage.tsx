import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { DETAIL_TABS, MESSAGES, ROUTES, formPath } from '@registra/domain';
import type { DetailTab } from '@registra/domain';
import { errorText } from '../../../app/errors';
import { DeletedRecord, isDeletedRecordError } from '../../../components/DeletedRecord';
import { RecordHeader } from '../../../components/RecordHeader';
import { RawDataTab } from '../../../components/RawDataTab';
import { useGetFormQuery } from '../api';
import { FormRequestEditor } from '../components/FormRequestEditor';

const isDetailTab = (value: string | undefined): value is DetailTab =>
  (DETAIL_TABS as readonly string[]).includes(value ?? '');

/** /form/{id}/{INFORMATION|RAW_DATA} (spec 02 §2.9): one request, the tab kept in the address. */
export function FormDetailPage() {
  const { id = '', tab } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const activeTab: DetailTab = isDetailTab(tab) ? tab : 'INFORMATION';
  const { data: form, isLoading, isError, error, refetch, isFetching } = useGetFormQuery(id);

  if (isLoading) {
    return (
      <div className="text-center py-5">
        <Spinner animation="border" role="status">
          <span className="visually-hidden">Loading...</span>
        </Spinner>
      </div>
    );
  }
  if (isError || !form) {
    if (isDeletedRecordError(error)) {
      return <DeletedRecord kind="form" listPath={ROUTES.forms} listLabel="Back to the requests" />;
    }
    if ((error as { status?: unknown } | undefined)?.status === 404) {
      return <Navigate to={ROUTES.forms} replace />;
    }
    return (
      <div className="py-5">
        {/* "Form load failure: server message or error code." */}
        <p className="text-danger">{errorText(error, MESSAGES.anErrorOccurred)}</p>
        <Button variant="outline-secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
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
      <Tabs
        activeKey={activeTab}
        onSelect={(key) => {
          if (key && key !== activeTab) {
            navigate(formPath(id, key as DetailTab), { replace: true, state: location.state });
          }
        }}
        id="form-tabs"
        className="mb-3"
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
