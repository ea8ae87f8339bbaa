import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAIL_EXTRA_RECIPIENTS_MAX } from '@registra/domain';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsUUID, MaxLength } from 'class-validator';
import type { ValidationOptions } from 'class-validator';
import { API_TEMPLATE_IDS } from '../mail-template-catalogue';
import { QueryLimit, QueryPage } from '../../platform/http/list-query.dto';
import { IsEmailAddress, ValidationRule } from '../../platform/http/validators';

const MAX_PARAMS = 30;
/** Addresses outside the book one send may add, each named on purpose in the form. */
export const EXTRA_RECIPIENTS_MAX = MAIL_EXTRA_RECIPIENTS_MAX;
const MAX_PARAM_LENGTH = 5000;

/** Template ids travel as numbers (1, 2, 6, 7) or strings ('task-notification'). */
const templateIdToString = ({ value }: { value: unknown }) =>
  typeof value === 'number' || typeof value === 'string' ? String(value).trim() : value;

/** A plain object of at most 30 string values of at most 5000 characters. */
function IsStringRecord(options: ValidationOptions = {}): PropertyDecorator {
  return ValidationRule(
    'isStringRecord',
    {
      validate: (value: unknown) =>
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.keys(value).length <= MAX_PARAMS &&
        Object.values(value).every(
          (entry) => typeof entry === 'string' && entry.length <= MAX_PARAM_LENGTH,
        ),
    },
    {
      message: `$property must be an object of at most ${MAX_PARAMS} texts of at most ${MAX_PARAM_LENGTH} characters`,
      ...options,
    },
  );
}

const templateIdDoc = {
  description: `One of ${API_TEMPLATE_IDS.join(', ')}: 1/2 payment reminder FR/EN, 6/7 sign-up invitation FR/EN`,
  oneOf: [{ type: 'integer' }, { type: 'string' }],
  example: 2,
};

export class PreviewTemplateDto {
  @ApiProperty(templateIdDoc)
  @Transform(templateIdToString)
  @IsIn(API_TEMPLATE_IDS, { message: `templateId must be one of ${API_TEMPLATE_IDS.join(', ')}` })
  templateId: string;

  @ApiPropertyOptional({
    description: 'Values to show; sample values fill the parameters left out',
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  @IsOptional()
  @IsStringRecord()
  params?: Record<string, string>;
}

export class SendMailDto {
  @ApiProperty(templateIdDoc)
  @Transform(templateIdToString)
  @IsIn(API_TEMPLATE_IDS, { message: `templateId must be one of ${API_TEMPLATE_IDS.join(', ')}` })
  templateId: string;

  @ApiProperty({ example: 'accounts@client.ie' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmailAddress({ message: 'emailTo must be a valid e-mail address' })
  @MaxLength(254)
  emailTo: string;

  @ApiProperty({
    description:
      'Reminders (1, 2): organizationName, service, reminderDate (YYYY-MM-DD), amount (optional). Sign-up (6, 7): firstname, signupLink.',
    type: 'object',
    additionalProperties: { type: 'string' },
    example: {
      organizationName: 'Example Trading Limited',
      service: 'Domiciliation',
      reminderDate: '2026-12-01',
      amount: '250.00',
    },
  })
  @IsStringRecord()
  params: Record<string, string>;

  @ApiPropertyOptional({
    description:
      "The organization the mail is about: `emailTo` must be its mail or a linked person's, and the mail shows in its history. Without it, `emailTo` must be the mail of some organization or person of the book.",
    format: 'uuid',
  })
  @IsOptional()
  @IsUUID('all', { message: 'organizationId must be an id' })
  organizationId?: string;

  @ApiPropertyOptional({
    description: `Addresses outside the book the mail also goes to, at most ${EXTRA_RECIPIENTS_MAX}: the form shows them with a warning`,
    type: [String],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(EXTRA_RECIPIENTS_MAX, {
    message: `extraRecipients must hold at most ${EXTRA_RECIPIENTS_MAX} addresses`,
  })
  @Transform(({ value }: { value: unknown }) =>
    Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)) : value,
  )
  @IsEmailAddress({ each: true, message: 'extraRecipients must hold valid e-mail addresses' })
  @MaxLength(254, { each: true })
  extraRecipients?: string[];
}

export const ACTIVITY_DEFAULT_LIMIT = 25;
export const ADDRESS_MAILS_DEFAULT_LIMIT = 100;
const MAX_LIMIT = 500;

export class ActivityQueryDto {
  @QueryPage() page?: number;
  @QueryLimit(MAX_LIMIT, ACTIVITY_DEFAULT_LIMIT) limit?: number;
}

export class AddressMailsQueryDto {
  @QueryLimit(MAX_LIMIT, ADDRESS_MAILS_DEFAULT_LIMIT) limit?: number;
}
