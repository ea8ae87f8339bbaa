import { useEffect, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import {
  BENEFICIARY_PERCENTAGE_MAX,
  BENEFICIARY_PERCENTAGE_MIN,
  effectiveBeneficiaryPercentage,
  isBeneficiaryEditable,
  MESSAGES,
  newLinkDefaults,
  ORGANIZATION_ROLES,
  PERSON_ROLE_LABELS,
  inWords,
} from '@registra/domain';
import type { LinkRoles } from '../types/records';

/** A person's roles in one organization and, for a shareholder, the beneficiary percentage. */
export type RolesValue = LinkRoles;

/** "New links start with an empty roles list and beneficiary 0." */
export const EMPTY_ROLES: RolesValue = newLinkDefaults();

/** A stored role in words (the values stay as the API spells them). */
export const roleLabel = (role: string): string => inWords(PERSON_ROLE_LABELS, role);

export const isShareholder = (value: Pick<RolesValue, 'roles'>): boolean =>
  isBeneficiaryEditable(value.roles);

export const isBeneficiaryPercentageValid = (percentage: number): boolean =>
  Number.isFinite(percentage) &&
  percentage >= BENEFICIARY_PERCENTAGE_MIN &&
  percentage <= BENEFICIARY_PERCENTAGE_MAX;

/** Valid when the percentage is in range, which matters only for a shareholder. */
export const isRolesValueValid = (value: RolesValue): boolean =>
  !isShareholder(value) || isBeneficiaryPercentageValid(value.beneficiaryPercentage);

/**
 * What the API receives (effectiveBeneficiaryPercentage): the roles in the catalogue's order, and
 * the percentage only for a shareholder, otherwise 0.
 */
export const toRolesPayload = (value: RolesValue): RolesValue => ({
  roles: ORGANIZATION_ROLES.filter((role) => value.roles.includes(role)),
  beneficiaryPercentage: effectiveBeneficiaryPercentage(value.roles, value.beneficiaryPercentage),
});

export interface RolesFieldsProps {
  value: RolesValue;
  onChange: (value: RolesValue) => void;
  disabled?: boolean;
}

/**
 * The role checkboxes (director, secretary, shareholder, nomineeDirector, other) and the
 * "Beneficiary %" input (0 to 100), which shows only while shareholder is ticked. Controlled.
 */
export function RolesFields({ value, onChange, disabled = false }: RolesFieldsProps) {
  const id = useId();
  // The input's own text, so the field can be empty while the user retypes a number.
  const [text, setText] = useState(String(value.beneficiaryPercentage));
  useEffect(() => {
    setText((current) =>
      Number(current) === value.beneficiaryPercentage && current !== ''
        ? current
        : String(value.beneficiaryPercentage),
    );
  }, [value.beneficiaryPercentage]);

  const toggle = (role: string, checked: boolean) => {
    const roles = checked ? [...value.roles, role] : value.roles.filter((r) => r !== role);
    onChange({ ...value, roles: ORGANIZATION_ROLES.filter((r) => roles.includes(r)) });
  };

  const shareholder = isShareholder(value);
  const invalid = text.trim() === '' || !isBeneficiaryPercentageValid(value.beneficiaryPercentage);

  return (
    <fieldset>
      <legend className="form-label fs-6">Roles</legend>
      {ORGANIZATION_ROLES.map((role) => (
        <Form.Check
          key={role}
          id={`${id}-${role}`}
          type="checkbox"
          label={roleLabel(role)}
          checked={value.roles.includes(role)}
          disabled={disabled}
          onChange={(event) => toggle(role, event.target.checked)}
        />
      ))}
      {shareholder && (
        <Form.Group className="mt-3" controlId={`${id}-beneficiary`}>
          <Form.Label>Beneficiary %</Form.Label>
          <Form.Control
            type="number"
            min={BENEFICIARY_PERCENTAGE_MIN}
            max={BENEFICIARY_PERCENTAGE_MAX}
            step="any"
            value={text}
            disabled={disabled}
            isInvalid={invalid}
            onChange={(event) => {
              setText(event.target.value);
              // An empty box counts as NaN (invalid) until a number is typed.
              const next =
                event.target.value.trim() === '' ? Number.NaN : Number(event.target.value);
              onChange({ ...value, beneficiaryPercentage: next });
            }}
          />
          <Form.Control.Feedback type="invalid">
            {MESSAGES.beneficiaryOutOfRange}
          </Form.Control.Feedback>
        </Form.Group>
      )}
    </fieldset>
  );
}
