import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CALENDAR_FEED_SCOPES,
  CALENDAR_KINDS,
  CALENDAR_MAX_RANGE_DAYS,
  type CalendarFeedScope,
  type CalendarKind,
} from '@registra/domain';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsOptional,
  IsUUID,
  Matches,
  ValidateIf,
} from 'class-validator';
import { IsCalendarDate } from '../../platform/http/validators';

const KINDS_LIST = new RegExp(
  `^\\s*(?:${CALENDAR_KINDS.join('|')})(?:\\s*,\\s*(?:${CALENDAR_KINDS.join('|')}))*\\s*$`,
);

/** GET /api/calendar: the obligations of a range of days. */
export class CalendarQueryDto {
  @ApiProperty({ example: '2026-11-01', description: 'First day (YYYY-MM-DD)' })
  @IsCalendarDate({ min: '2000-01-01', max: '2099-12-31' })
  from: string;

  @ApiProperty({
    example: '2026-11-30',
    description: `Last day, included; at most ${CALENDAR_MAX_RANGE_DAYS} days after from counted both ends`,
  })
  @IsCalendarDate({ min: '2000-01-01', max: '2099-12-31' })
  to: string;

  @ApiPropertyOptional({
    description: `Comma-separated kinds among ${CALENDAR_KINDS.join(', ')}; none: every kind`,
    example: 'ard,filingDeadline',
  })
  @IsOptional()
  @Matches(KINDS_LIST, {
    message: `kinds must be a comma-separated list of ${CALENDAR_KINDS.join(', ')}`,
  })
  kinds?: string;

  @ApiPropertyOptional({
    description:
      "'mine' (the signed-in user) or a user's id: only the obligations assigned to them",
  })
  @IsOptional()
  @ValidateIf((dto: CalendarQueryDto) => dto.user !== 'mine')
  @IsUUID(undefined, { message: "user must be 'mine' or a user id" })
  user?: string;

  @ApiPropertyOptional({ description: "Only this organization's obligations" })
  @IsOptional()
  @IsUUID()
  organizationId?: string;
}

/** POST /api/calendar/feeds: a private feed address of my obligations or every one. */
export class CreateCalendarFeedDto {
  @ApiProperty({
    enum: CALENDAR_FEED_SCOPES,
    description: "'mine': assigned to me; 'all': every one",
  })
  @IsIn([...CALENDAR_FEED_SCOPES], {
    message: `scope must be one of ${CALENDAR_FEED_SCOPES.join(', ')}`,
  })
  scope: CalendarFeedScope;

  @ApiPropertyOptional({
    enum: CALENDAR_KINDS,
    isArray: true,
    description: 'The kinds the feed holds; none or empty: every kind',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CALENDAR_KINDS.length)
  @IsIn([...CALENDAR_KINDS], {
    each: true,
    message: `each kind must be one of ${CALENDAR_KINDS.join(', ')}`,
  })
  kinds?: CalendarKind[];
}
