import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import {
  RETENTION_PERIOD_FIELDS,
  RETENTION_PERIOD_RULES,
  retentionPeriodProblem,
} from '@registra/domain';
import { isApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errors';
import { useRetentionSettingsQuery, useSaveRetentionPeriodsMutation } from '../api';
import type { RetentionPeriods } from '../api';

type Drafts = Record<keyof RetentionPeriods, string>;

const draftsOf = (periods: RetentionPeriods): Drafts =>
  Object.fromEntries(
    RETENTION_PERIOD_FIELDS.map((field) => [field, String(periods[field])]),
  ) as Drafts;

/**
 * The firm's retention periods (administrators): how long a client's people are kept after the
 * relationship ends, a prospect's request, and a mail's body; each with the law its default
 * quotes. Checked here with the same rules as the server's.
 */
export function RetentionPeriodsForm() {
  const settings = useRetentionSettingsQuery();
  const [save, saving] = useSaveRetentionPeriodsMutation();
  const [drafts, setDrafts] = useState<Drafts | null>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  useEffect(() => {
    if (settings.data) setDrafts(draftsOf(settings.data));
  }, [settings.data]);

  const problems = Object.fromEntries(
    RETENTION_PERIOD_FIELDS.map((field) => {
      const draft = drafts?.[field] ?? '';
      const value = /^\d+$/.test(draft) ? Number(draft) : draft;
      return [field, retentionPeriodProblem(field, value) ?? serverErrors[field] ?? null];
    }),
  ) as Record<keyof RetentionPeriods, string | null>;
  const valid = Object.values(problems).every((problem) => problem === null);
  const changed =
    drafts !== null &&
    settings.data !== undefined &&
    RETENTION_PERIOD_FIELDS.some((field) => drafts[field] !== String(settings.data?.[field]));

  const submit = async () => {
    if (!drafts || !valid) return;
    setServerErrors({});
    try {
      const periods = Object.fromEntries(
        RETENTION_PERIOD_FIELDS.map((field) => [field, Number(drafts[field])]),
      ) as unknown as RetentionPeriods;
      await save(periods).unwrap();
      toast.success('The retention periods are saved. Refresh the review to apply them.');
    } catch (error) {
      if (isApiError(error) && error.details?.length) {
        setServerErrors(
          Object.fromEntries(error.details.map((detail) => [detail.field, detail.message])),
        );
      }
      toast.error(errorText(error, 'The retention periods could not be saved.', 'code'));
    }
  };

  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">Retention periods</h2>
        <p className="text-muted small">
          Settings of the firm, for administrators: the review, the erasure and the daily job follow
          them.
        </p>
        {settings.isError && (
          <p className="text-danger">
            {errorText(settings.error, 'The settings could not be loaded.')}
          </p>
        )}
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {RETENTION_PERIOD_FIELDS.map((field) => {
            const rule = RETENTION_PERIOD_RULES[field];
            const id = `retention-${field}`;
            return (
              <Form.Group key={field} controlId={id} className="mb-3">
                <Form.Label>
                  {rule.label} ({rule.unit})
                </Form.Label>
                <Form.Control
                  type="number"
                  inputMode="numeric"
                  min={rule.min}
                  max={rule.max}
                  style={{ maxWidth: '8rem' }}
                  value={drafts?.[field] ?? ''}
                  disabled={!drafts}
                  isInvalid={drafts !== null && problems[field] !== null}
                  aria-describedby={`${id}-help`}
                  onChange={(event) => {
                    setServerErrors({});
                    setDrafts((before) =>
                      before ? { ...before, [field]: event.target.value } : before,
                    );
                  }}
                />
                <Form.Control.Feedback type="invalid">{problems[field]}</Form.Control.Feedback>
                <Form.Text id={`${id}-help`} muted>
                  {rule.basis} Default {rule.default} {rule.unit}.
                </Form.Text>
              </Form.Group>
            );
          })}
          <Button type="submit" disabled={!valid || !changed || saving.isLoading}>
            {saving.isLoading ? 'Saving…' : 'Save the periods'}
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
