import type { ReactNode } from 'react';
import Row from 'react-bootstrap/Row';

/** A framed, titled group of a record form's fields, laid out in a grid row. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="float-none w-auto px-2 fs-6 fw-semibold mb-0">{title}</legend>
      <Row className="g-3">{children}</Row>
    </fieldset>
  );
}
