import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { MESSAGES, followUpName } from '@registra/domain';
import type { FormConversionPreview } from '@registra/domain';
import { isApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useGetFormConversionQuery } from '../api';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The sentences of what a conversion creates, as the server planned it. */
export function conversionLines(preview: FormConversionPreview): string[] {
  const created = preview.people - preview.reused;
  return [
    `The organization “${preview.organizationName}”`,
    `${plural(preview.people, 'person', 'people')}, of which ${preview.reused} existing ${preview.reused === 1 ? 'person' : 'people'} reused (same name) and ${created} new`,
    plural(preview.links, 'link', 'links') + ' between the organization and its people',
    ...(preview.followUp ? [`The ${followUpName(preview.followUp)} follow-up`] : []),
  ];
}

/**
 * The question before 'Create the organization': what will be created (the server's preview,
 * computed by the conversion itself), then Create or Cancel. Cancel creates nothing.
 */
export function ConversionDialog({
  formId,
  show,
  busy,
  onConfirm,
  onCancel,
}: {
  formId: string;
  show: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const preview = useGetFormConversionQuery(formId, {
    skip: !show,
    refetchOnMountOrArgChange: true,
  });
  const ready = preview.data !== undefined && !preview.isFetching && !preview.isError;
  return (
    <ConfirmDialog
      show={show}
      title="Create the organization?"
      confirmLabel={busy ? 'Creating...' : 'Create the organization'}
      confirmVariant="success"
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={busy}
      busyReason="Creating…"
      whyConfirmWaits={
        preview.isError
          ? 'The request cannot be turned into an organization as it stands'
          : !ready && 'Loading what will be created…'
      }
      message={
        <>
          {preview.isFetching && (
            <div className="text-center py-3">
              <Spinner animation="border" size="sm" role="status">
                <span className="visually-hidden">Loading...</span>
              </Spinner>
            </div>
          )}
          {preview.isError && !preview.isFetching && (
            <Alert variant="danger" className="mb-0">
              {errorText(preview.error, MESSAGES.anErrorOccurred)}
              {isApiError(preview.error) && preview.error.details?.length ? (
                <ul className="mb-0 mt-2">
                  {preview.error.details.map((detail) => (
                    <li key={detail.field}>
                      {detail.field.replace(
                        /^peoples\.(\d+)$/,
                        (_, index: string) => `Person ${Number(index) + 1}`,
                      )}
                      : {detail.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          )}
          {ready && preview.data && (
            <>
              <p>This will create:</p>
              <ul className="mb-0" data-testid="conversion-preview">
                {conversionLines(preview.data).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          )}
        </>
      }
    />
  );
}
