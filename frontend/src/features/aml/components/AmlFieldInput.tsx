import { getIn, useFormikContext } from 'formik';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { APPENDIX2_CHECKLIST_ITEMS, APPENDIX2_POINTS } from '@registra/domain';
import type { AmlField, AmlRecord, AmlUserSignature, Appendix2Question } from '@registra/domain';
import { FormikDateField } from '../../../components/DateField';
import { useFieldError } from '../../../components/fieldErrors';
import { SignatureSelect } from './SignatureSelect';

/** A field's place in the form's values: the top of `aml`, or inside appendix4 / appendix6. */
export const amlFieldPath = (field: AmlField): string =>
  field.group === 'top' ? field.name : `${field.group}.${field.name}`;

const LONG_TEXT = 2000;

/** One AML field with the input its kind calls for (AML_FIELDS). */
export function AmlFieldInput({ field }: { field: AmlField }) {
  const { values, setFieldValue, getFieldProps } = useFormikContext<AmlRecord>();
  const path = amlFieldPath(field);
  const id = `aml-${path.replace('.', '-')}`;
  const value = getIn(values, path) as unknown;
  // The server's refusal of this field, after an Update (the tab's own limits are the inputs').
  const error = useFieldError(path);

  switch (field.type.kind) {
    case 'yesNo': {
      const points = APPENDIX2_POINTS[field.name as Appendix2Question];
      // A checklist item sits beside its date.
      const checklist = (APPENDIX2_CHECKLIST_ITEMS as readonly string[]).includes(field.name);
      return (
        <Col xs={12} md={checklist ? 6 : 12} className={checklist ? 'align-self-end' : undefined}>
          <fieldset className="d-flex flex-wrap align-items-center gap-3" data-testid={id}>
            <legend className="fs-6 mb-0 flex-grow-1 w-auto" style={{ flexBasis: '20rem' }}>
              {field.label}
              {points && (
                <span className="text-muted small">
                  {' '}
                  (yes {points.yes}, no {points.no})
                </span>
              )}
            </legend>
            {(
              [
                [true, 'Yes'],
                [false, 'No'],
              ] as const
            ).map(([option, label]) => (
              <Form.Check
                key={label}
                inline
                type="radio"
                id={`${id}-${label}`}
                name={id}
                label={label}
                checked={value === option}
                onChange={() => void setFieldValue(path, option)}
              />
            ))}
          </fieldset>
        </Col>
      );
    }
    case 'text': {
      const long = field.type.max > LONG_TEXT;
      return (
        <Col xs={12} md={long ? 12 : 6}>
          <Form.Group controlId={id}>
            <Form.Label>{field.label}</Form.Label>
            <Form.Control
              {...(long ? { as: 'textarea' as const, rows: 3 } : {})}
              maxLength={field.type.max}
              {...getFieldProps(path)}
              value={(value as string | null) ?? ''}
              isInvalid={Boolean(error)}
            />
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
          </Form.Group>
        </Col>
      );
    }
    case 'date':
      return (
        <Col xs={12} md={6}>
          <Form.Group controlId={id}>
            <Form.Label>{field.label}</Form.Label>
            <FormikDateField name={path} label={field.label} min="1900-01-01" />
          </Form.Group>
        </Col>
      );
    case 'multi': {
      const selected = (value as string[] | null) ?? [];
      const options = field.type.options;
      return (
        <Col xs={12} md={6}>
          <fieldset>
            <legend className="fs-6">{field.label}</legend>
            {options.map((option) => (
              <Form.Check
                key={option}
                id={`${id}-${option}`}
                label={option}
                checked={selected.includes(option)}
                onChange={(event) =>
                  void setFieldValue(
                    path,
                    event.target.checked
                      ? options.filter((known) => known === option || selected.includes(known))
                      : selected.filter((held) => held !== option),
                  )
                }
              />
            ))}
          </fieldset>
        </Col>
      );
    }
    case 'choice':
      return (
        <Col xs={12} md={6}>
          <Form.Group controlId={id}>
            <Form.Label>{field.label}</Form.Label>
            <Form.Select
              {...getFieldProps(path)}
              value={value as string}
              isInvalid={Boolean(error)}
            >
              {field.type.options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
      );
    case 'userSignature':
      return (
        <Col xs={12} md={6}>
          <Form.Label htmlFor={id}>{field.label}</Form.Label>
          <SignatureSelect
            inputId={id}
            label={field.label}
            value={value as AmlUserSignature | null}
            onChange={(signature) => void setFieldValue(path, signature)}
          />
        </Col>
      );
  }
}
