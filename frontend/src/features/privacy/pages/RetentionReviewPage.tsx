import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { formatDate, formatDateTime } from '@registra/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorText } from '../../../lib/errors';
import { useCurrentUser } from '../../../lib/hooks';
import {
  useEraseMailBodiesMutation,
  useEraseReviewedMutation,
  useRefreshRetentionReviewMutation,
  useRetentionReviewQuery,
} from '../api';
import type { RetentionReview as Review } from '../api';
import { ExportByMail } from '../components/ExportByMail';
import { RetentionPeriodsForm } from '../components/RetentionPeriodsForm';
import { ReviewGroup } from '../components/ReviewGroup';
import type { ReviewRow } from '../components/ReviewGroup';

/**
 * /retention (administrators): what the retention periods let go, as the daily job prepared it,
 * erased group by group after a confirmation; the periods themselves; the export by e-mail.
 */
export function RetentionReviewPage() {
  const user = useCurrentUser();
  if (user?.role !== 'admin') {
    return <Alert variant="warning">The retention review is for administrators.</Alert>;
  }
  return <RetentionReview />;
}

const erasedWords = ({ erased, held }: { erased: string[]; held: string[] }) =>
  `${erased.length} erased` +
  (held.length ? `; ${held.length} kept (changed since the review).` : '.');

function MailBodies({ review }: { review: Review }) {
  const [eraseBodies, erasing] = useEraseMailBodiesMutation();
  const [confirming, setConfirming] = useState(false);
  const { before, count, oldest } = review.mailBodies;
  const months = review.periods.mailBodyRetentionMonths;
  const erase = async () => {
    if (!before) return;
    try {
      const { erased } = await eraseBodies({ before }).unwrap();
      toast.success(`The bodies of ${erased} mails were erased.`);
    } catch (error) {
      toast.error(errorText(error, 'The mail bodies could not be erased.', 'code'));
    } finally {
      setConfirming(false);
    }
  };
  return (
    <section className="mb-4" aria-label="Mail bodies">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0 me-auto">Mail bodies ({count})</h2>
        <Button
          variant="danger"
          size="sm"
          disabled={count === 0 || !before}
          onClick={() => setConfirming(true)}
        >
          Erase mail bodies ({count})
        </Button>
      </div>
      <p className="text-muted" data-testid="mail-bodies">
        {count === 0 || !before
          ? `No mail body is older than ${months} months.`
          : `${count} mails sent before ${formatDate(before.slice(0, 10))}${oldest ? `, the oldest on ${formatDate(oldest.slice(0, 10))}` : ''}, kept longer than ${months} months.`}
      </p>
      <ConfirmDialog
        show={confirming}
        title="Erase the mail bodies"
        message={`The subject and the values of ${count} mails are erased for good; their date, template and recipient stay. This cannot be undone.`}
        confirmLabel="Erase"
        onConfirm={() => void erase()}
        onCancel={() => setConfirming(false)}
        busy={erasing.isLoading}
        busyReason="Erasing…"
      />
    </section>
  );
}

function RetentionReview() {
  const review = useRetentionReviewQuery();
  const [refresh, refreshing] = useRefreshRetentionReviewMutation();
  const [eraseReviewed, erasing] = useEraseReviewedMutation();
  const data = review.data;
  const periods = data?.periods;
  const people: ReviewRow[] = (data?.people ?? []).map((person) => ({
    _id: person._id,
    name: `${person.firstName} ${person.lastName}`,
    to: `/people/${person._id}`,
    why: `Last relationship ended ${formatDate(person.lastEndedOn)} · erasable since ${formatDate(person.erasableFrom)}`,
  }));
  const prospects: ReviewRow[] = (data?.prospects ?? []).map((request) => ({
    _id: request._id,
    name: request.organizationName1,
    to: `/form/${request._id}`,
    why: `Kept · last changed ${formatDate(request.lastChangedOn)} · erasable since ${formatDate(request.erasableFrom)}`,
  }));

  // The two groups erased through the same call, each under its own key.
  const groups = [
    {
      kind: 'people',
      title: 'People',
      empty: 'Nobody: the AML retention keeps everyone.',
      rows: people,
      confirmTitle: 'Erase these people',
      confirmMessage: (count: number) =>
        `${count} erased for good: their personal fields, files, and their values in the history and the mail history (their roles stay, without personal data). This cannot be undone.`,
    },
    {
      kind: 'prospects',
      title: 'Requests kept past the prospect period',
      empty: 'No kept request is past the prospect period.',
      rows: prospects,
      confirmTitle: 'Erase these requests',
      confirmMessage: (count: number) =>
        `${count} requests deleted for good, with their people's values in the mail history and the history. This cannot be undone.`,
    },
  ] as const;

  const erase = async (body: { people?: string[]; prospects?: string[] }) => {
    try {
      toast.success(erasedWords(await eraseReviewed(body).unwrap()));
      return true;
    } catch (error) {
      toast.error(errorText(error, 'The selection could not be erased.', 'code'));
      return false;
    }
  };

  const prepare = async () => {
    try {
      await refresh().unwrap();
      toast.success('The review is prepared.');
    } catch (error) {
      toast.error(errorText(error, 'The review could not be prepared.', 'code'));
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0 me-auto">Retention review</h1>
        <Button
          variant="outline-secondary"
          disabled={refreshing.isLoading}
          onClick={() => void prepare()}
        >
          {refreshing.isLoading ? 'Preparing…' : 'Refresh'}
        </Button>
      </div>
      {periods && (
        <p className="text-muted">
          What the retention periods let go: people whose every client relationship ended{' '}
          {periods.amlRetentionYears} years ago or more (the AML law no longer keeps them),
          prospects&apos; requests unchanged for {periods.prospectRetentionMonths} months that staff
          keep (the others are erased by the daily job), and mail bodies older than{' '}
          {periods.mailBodyRetentionMonths} months. Storage limitation (GDPR Art. 5(1)(e)) asks that
          they go: erase them after checking.
        </p>
      )}
      {review.isLoading && <Spinner animation="border" size="sm" role="status" />}
      {review.isError && (
        <Alert variant="danger">{errorText(review.error, 'The review could not be loaded.')}</Alert>
      )}
      {data && (
        <p data-testid="prepared-at">
          {data.preparedAt
            ? `Prepared ${formatDateTime(data.preparedAt)}${data.preparedBy ? ` by ${data.preparedBy}` : ''}.`
            : 'Not prepared yet: the daily job prepares it each morning, or refresh it now.'}
        </p>
      )}
      {data && (
        <>
          {groups.map(({ kind, ...group }) => (
            <ReviewGroup
              key={kind}
              {...group}
              busy={erasing.isLoading}
              onErase={(ids) => erase({ [kind]: ids })}
            />
          ))}
          <MailBodies review={data} />
        </>
      )}
      <RetentionPeriodsForm />
      <ExportByMail />
    </>
  );
}
