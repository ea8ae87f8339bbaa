import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DATE_MAX, DATE_MIN, FOLLOW_UP_TYPES, TEXT_MAX_LENGTHS } from '@registra/domain';
import type { FollowUpType } from '@registra/domain';
import { IsBoolean, IsIn, IsInt, IsObject, IsOptional, IsUUID, ValidateIf } from 'class-validator';
import { ListQueryDto } from '../../platform/http/list-query.dto';
import {
  ExpectedVersion,
  NullableText,
  NullAllowed,
  OptionalText,
} from '../../platform/http/dto-fields';
import { IsCalendarDate, IsTimestampOrDate } from '../../platform/http/validators';

/** Comments are a note, not a document. */
export const FOLLOW_UP_COMMENTS_MAX = TEXT_MAX_LENGTHS.followUp.comments;

const typeMessage = `name must be one of the catalogue's types: ${FOLLOW_UP_TYPES.join(', ')}`;
const dateRange = { min: DATE_MIN, max: DATE_MAX } as const;
const ifGiven = (_: object, value: unknown) => value !== null && value !== '';

/** POST /api/followUp */
export class CreateFollowUpDto {
  @ApiProperty({ enum: FOLLOW_UP_TYPES, description: 'A type of the catalogue' })
  @IsIn([...FOLLOW_UP_TYPES], { message: typeMessage })
  name: FollowUpType;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'organization_id must be an organization id' })
  organization_id: string;

  @ApiPropertyOptional({
    description:
      'The signed-in user as the client knows it; accepted and ignored: the server records the session user',
  })
  @IsOptional()
  @IsObject()
  user?: Record<string, unknown>;
}

/**
 * PUT /api/followUp/{id}: exactly one change (step_index; comments; ARD; start_date; archived_at;
 * user_id with user_name). A deadline sent with ARD or start_date is ignored: the server computes
 * it from the catalogue.
 */
export class UpdateFollowUpDto {
  @ApiPropertyOptional({ minimum: 0, description: "0 to the type's last step" })
  @IsOptional()
  @IsInt()
  step_index?: number;

  @ApiPropertyOptional({ maxLength: FOLLOW_UP_COMMENTS_MAX })
  @NullableText(FOLLOW_UP_COMMENTS_MAX)
  comments?: string | null;

  @ApiPropertyOptional({
    description: `Annual return date, YYYY-MM-DD within ${DATE_MIN}..${DATE_MAX}; the deadline becomes ARD + 56 days`,
  })
  @IsOptional()
  @IsCalendarDate(dateRange)
  ARD?: string;

  @ApiPropertyOptional({
    description: `YYYY-MM-DD within ${DATE_MIN}..${DATE_MAX}; the deadline follows by the type's day count`,
  })
  @IsOptional()
  @IsCalendarDate(dateRange)
  start_date?: string;

  @ApiPropertyOptional({ description: 'Sent by the client with ARD or start_date; ignored' })
  @IsOptional()
  @ValidateIf(ifGiven)
  @IsCalendarDate({ min: '1900-01-01', max: '2199-12-31' })
  deadline?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    description: 'A date or date-time archives the follow-up; null unarchives it',
  })
  @IsOptional()
  @NullAllowed()
  @IsTimestampOrDate()
  archived_at?: string | null;

  @ApiPropertyOptional({ format: 'uuid', nullable: true, description: 'null removes the assignee' })
  @IsOptional()
  @NullAllowed()
  @IsUUID('all', { message: 'user_id must be a user id' })
  user_id?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    description: "Sent with user_id; the server stores the user's own name",
  })
  @NullableText(200)
  user_name?: string | null;

  @ExpectedVersion() updatedAt?: string;
}

export const FOLLOW_UP_SORT_FIELDS = [
  'organization_name',
  'name',
  'step_index',
  'start_date',
  'ARD',
  'deadline',
  'user_name',
  'comments',
  'createdAt',
] as const;
export type FollowUpSortField = (typeof FOLLOW_UP_SORT_FIELDS)[number];

/**
 * POST /api/followUp/search: the organization tab (organization_id with archived_at) or the
 * /followUp list (docs/api/follow-ups.md). Empty strings mean "no filter", as the list's inputs
 * send.
 */
export class SearchFollowUpsDto extends ListQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: "One organization's follow-ups" })
  @IsOptional()
  @IsUUID('all', { message: 'organization_id must be an organization id' })
  organization_id?: string;

  @ApiPropertyOptional({
    nullable: true,
    description:
      'null or false (default): active follow-ups; true or any date: the archived ones (the tab toggle)',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null && typeof value !== 'boolean')
  @IsTimestampOrDate({ message: 'archived_at must be null, a boolean or a date' })
  archived_at?: string | boolean | null;

  @ApiPropertyOptional({ description: 'Organization name contains (case and accents ignored)' })
  @OptionalText(200)
  organization_name?: string;

  @ApiPropertyOptional({ enum: FOLLOW_UP_TYPES, description: 'Follow-up type' })
  @IsOptional()
  @ValidateIf(ifGiven)
  @IsIn([...FOLLOW_UP_TYPES], { message: typeMessage })
  name?: FollowUpType | '';

  @ApiPropertyOptional({ enum: FOLLOW_UP_SORT_FIELDS, default: 'createdAt' })
  @IsOptional()
  @ValidateIf(ifGiven)
  @IsIn([...FOLLOW_UP_SORT_FIELDS])
  sortField?: FollowUpSortField | '';

  @ApiPropertyOptional({ default: true, description: 'Include those before their last step' })
  @IsOptional()
  @IsBoolean()
  inProgress?: boolean;

  @ApiPropertyOptional({ default: true, description: 'Include those at their last step' })
  @IsOptional()
  @IsBoolean()
  completed?: boolean;

  @ApiPropertyOptional({ description: 'Started on or after this day (YYYY-MM-DD or empty)' })
  @IsOptional()
  @ValidateIf(ifGiven)
  @IsCalendarDate(dateRange)
  startDate?: string;

  @ApiPropertyOptional({ description: 'Deadline on or before this day (YYYY-MM-DD or empty)' })
  @IsOptional()
  @ValidateIf(ifGiven)
  @IsCalendarDate(dateRange)
  deadline?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Assigned to this user (empty: anyone)' })
  @IsOptional()
  @ValidateIf(ifGiven)
  @IsUUID('all', { message: 'assigned_to must be a user id' })
  assigned_to?: string | null;
}
