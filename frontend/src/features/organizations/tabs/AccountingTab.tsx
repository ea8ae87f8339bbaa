import { useFormikContext } from 'formik';
import { useState } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import {
  B1B73_HINT,
  B1B73_LABEL,
  B1B73_MONTH_OPTIONS,
  BILAN_LABEL,
  DATE_MAX,
  DATE_MIN,
  b1b73Date,
  corporationTaxReminder,
  firstAnnualReturnDate,
  firstArStatusLabel,
  formatDate,
  isB1B73Months,
  isDateInRange,
  isFirstArCheckboxEnabled,
  isIsoDate,
  isTaxInputEnabled,
  monthsBetween,
  removeCorporationTaxPaidDate,
} from '@registra/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ReasonButton } from '../../../components/ReasonButton';
import { ReminderBanner } from '../components/ReminderBanner';
import type { OrganizationFormValues } from '../form';
import { ReadOnlyField, Section, TextField } from './fields';
import { DateField } from '../../../components/DateField';

/** Why the tax dates wait: they follow the first annual return. */
const TAX_WAITS = `Enabled once the first AR status is ${firstArStatusLabel(true)}.`;

/** The 1..6 months B1B73 stands at after the next AR reminder, or null when it is not one. */
function b1b73MonthsOf(nextArReminder: string, b1b73: string): number | null {
  if (!isIsoDate(nextArReminder) || !isIsoDate(b1b73)) return null;
  const months = monthsBetween(nextArReminder, b1b73);
  return isB1B73Months(months) && b1b73Date(nextArReminder, months) === b1b73 ? months : null;
}

export interface AccountingTabProps {
  /**
   * Saves the removal of a paid date at once (it has its own failure message), with the
   * year end the reset rule gives; the caller applies the server's answer to the form.
   */
  onRemovePaidDate: (change: {
    corporationTaxPaid: string[];
    financialYearEnd: string | null;
  }) => Promise<void>;
}

/** Annual returns, financial data and tax, with live previews of the derived dates. */
export function AccountingTab({ onRemovePaidDate }: AccountingTabProps) {
  const { values, setFieldValue, setValues } = useFormikContext<OrganizationFormValues>();
  const [newPaidDate, setNewPaidDate] = useState('');
  const [removing, setRemoving] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const firstAr = isIsoDate(values.incorporationDate)
    ? firstAnnualReturnDate(values.incorporationDate)
    : null;
  const taxReminder = isIsoDate(values.financialYearEnd)
    ? corporationTaxReminder(values.financialYearEnd)
    : null;
  const firstArEnabled = isFirstArCheckboxEnabled(values.incorporationDate);
  const taxEnabled = isTaxInputEnabled(values.status);
  const b1b73Months = b1b73MonthsOf(values.nextArReminder, values.B1B73);

  const setNextArReminder = (next: string) => {
    // B1B73 follows the next AR reminder by the months chosen, so it moves with it.
    const b1b73 =
      b1b73Months !== null && isIsoDate(next) ? b1b73Date(next, b1b73Months) : values.B1B73;
    void setValues({ ...values, nextArReminder: next, B1B73: b1b73 });
  };

  const addPaidDate = () => {
    if (!isDateInRange(newPaidDate)) return;
    void setFieldValue('corporationTaxPaid', [...values.corporationTaxPaid, newPaidDate].sort());
    setNewPaidDate('');
  };

  // The saved record can arrive before `removing` is cleared: never preview an index that is gone.
  const preview =
    removing !== null && removing < values.corporationTaxPaid.length
      ? removeCorporationTaxPaidDate(values.corporationTaxPaid, removing)
      : null;
  const previewText = preview
    ? preview.financialYearEnd
      ? `Are you sure? The financial year end becomes ${formatDate(preview.financialYearEnd)} and the corporation-tax reminder ${formatDate(preview.corporationTaxPaidReminder)}.`
      : 'Are you sure? No paid date remains: the financial year end and the corporation-tax reminder become empty.'
    : '';

  const confirmRemove = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      await onRemovePaidDate({
        corporationTaxPaid: preview.corporationTaxPaid,
        financialYearEnd: preview.financialYearEnd,
      });
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <>
      <Section title="Annual returns">
        <Row className="g-3">
          <TextField name="incorporationDate" label="Incorporation date" type="date" md={4} />
          <ReadOnlyField
            id="organization-firstAr"
            label="First AR date"
            md={4}
            value={firstAr ? formatDate(firstAr) : ''}
          />
          <Col md={4}>
            <Form.Label as="div">First AR status</Form.Label>
            <Form.Check
              id="organization-status"
              type="checkbox"
              label={firstArStatusLabel(values.status)}
              checked={values.status}
              disabled={!firstArEnabled}
              onChange={(event) => void setFieldValue('status', event.target.checked)}
            />
            {!firstArEnabled && <Form.Text>Set the incorporation date first.</Form.Text>}
          </Col>
          <Form.Group as={Col} md={4} controlId="organization-nextArReminder">
            <Form.Label>Next AR reminder</Form.Label>
            <DateField
              label="Next AR reminder"
              min={DATE_MIN}
              max={DATE_MAX}
              value={values.nextArReminder}
              onChange={setNextArReminder}
            />
          </Form.Group>
          <Form.Group as={Col} md={4} controlId="organization-b1b73">
            <Form.Label>
              {B1B73_LABEL} <span className="text-muted small fw-normal">({B1B73_HINT})</span>
            </Form.Label>
            <Form.Select
              value={b1b73Months ?? (values.B1B73 ? 'custom' : '')}
              disabled={!isIsoDate(values.nextArReminder)}
              onChange={(event) => {
                const months = Number(event.target.value);
                void setFieldValue(
                  'B1B73',
                  isB1B73Months(months) ? b1b73Date(values.nextArReminder, months) : '',
                );
              }}
            >
              <option value="">None</option>
              {b1b73Months === null && values.B1B73 && (
                <option value="custom">{formatDate(values.B1B73)}</option>
              )}
              {B1B73_MONTH_OPTIONS.map((months) => (
                <option key={months} value={months}>
                  +{months} month{months > 1 ? 's' : ''}
                </option>
              ))}
            </Form.Select>
            {values.B1B73 && (
              <Form.Text data-testid="b1b73-date">
                {B1B73_LABEL}: {formatDate(values.B1B73)}
              </Form.Text>
            )}
            {!isIsoDate(values.nextArReminder) && (
              <Form.Text className="d-block">Set the next AR reminder first.</Form.Text>
            )}
          </Form.Group>
          <Col md={4} className="d-flex align-items-end">
            <Form.Check
              id="organization-bilan"
              type="switch"
              label={BILAN_LABEL}
              checked={values.bilan}
              onChange={(event) => void setFieldValue('bilan', event.target.checked)}
            />
          </Col>
          <Col md={12}>
            <ReminderBanner label="Next AR reminder" date={values.nextArReminder} />
          </Col>
        </Row>
      </Section>

      <Section title="Financial data">
        <Row className="g-3">
          <TextField
            name="financialYearEnd"
            label="Financial year end"
            type="date"
            md={4}
            disabled={!taxEnabled}
            help={taxEnabled ? undefined : TAX_WAITS}
          />
          <ReadOnlyField
            id="organization-corporationTaxPaidReminder"
            label="Corporation tax reminder"
            md={4}
            value={taxReminder ? formatDate(taxReminder) : ''}
          />
          <Col md={4} />
          <Col md={8}>
            <Form.Label as="div">Corporation tax paid</Form.Label>
            {values.corporationTaxPaid.length === 0 && (
              <p className="text-muted small mb-2">No paid date yet.</p>
            )}
            {values.corporationTaxPaid.map((date, index) => (
              <InputGroup key={index} className="mb-2" size="sm">
                <DateField
                  label={`Corporation tax paid date ${index + 1}`}
                  labelled
                  min={DATE_MIN}
                  max={DATE_MAX}
                  value={date}
                  disabled={!taxEnabled}
                  onChange={(next) => void setFieldValue(`corporationTaxPaid.${index}`, next)}
                />
                <ReasonButton
                  variant="outline-danger"
                  className="rounded-start-0"
                  wrapperClassName="d-flex"
                  aria-label={`Delete corporation tax paid date ${index + 1}`}
                  whyDisabled={!taxEnabled && TAX_WAITS}
                  onClick={() => setRemoving(index)}
                >
                  Delete
                </ReasonButton>
              </InputGroup>
            ))}
            <InputGroup size="sm">
              <DateField
                label="New corporation tax paid date"
                labelled
                min={DATE_MIN}
                max={DATE_MAX}
                value={newPaidDate}
                disabled={!taxEnabled}
                onChange={setNewPaidDate}
              />
              <ReasonButton
                variant="outline-primary"
                className="rounded-start-0"
                wrapperClassName="d-flex"
                whyDisabled={
                  !taxEnabled
                    ? TAX_WAITS
                    : !isDateInRange(newPaidDate) && 'Enter the date it was paid first'
                }
                onClick={addPaidDate}
              >
                Add paid date
              </ReasonButton>
            </InputGroup>
          </Col>
          <Col md={12}>
            <ReminderBanner label="Corporation tax reminder" date={taxReminder} />
          </Col>
        </Row>
      </Section>

      <Section title="Tax">
        <Row className="g-3">
          <TextField name="coroporationTaxNumber" label="Corporation tax number" md={4} />
          <TextField name="accountingComments" label="Accounting comments" rows={3} md={8} />
        </Row>
      </Section>

      <ConfirmDialog
        show={removing !== null}
        title="Delete corporation tax paid date"
        message={previewText}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
