import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Param,
  Query,
} from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import {
  type AnnualReturnStartPreview,
  type CalendarAnswer,
  type CalendarFeedView,
  todayInDublin,
} from '@registra/domain';
import { AnnualReturnStarter } from '../follow-ups/annual-return-starter';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { PostOk } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import type { Ok } from '../platform/http/envelope';
import { IdParamPipe } from '../platform/http/id-param.pipe';
import type { AuthUser } from '../users/user.view';
import { CalendarFeedsService } from './calendar-feeds.service';
import { CalendarService } from './calendar.service';
import { CalendarQueryDto, CreateCalendarFeedDto } from './dto/calendar.dto';
import { api, ApiDone, ApiFile, ApiOk } from '../platform/http/openapi';
import { ANNUAL_RETURN_START_PREVIEW } from '../follow-ups/follow-ups.openapi';
import { CALENDAR_FEED_CREATED, CALENDAR_FEED_VIEW, CALENDAR_ITEM } from './calendar.openapi';
import { AdminOnly, Public, Staff } from '../platform/auth/route-access';

@ApiTags('calendar')
@Staff()
@Controller('calendar')
export class CalendarController {
  constructor(
    private readonly calendar: CalendarService,
    private readonly feeds: CalendarFeedsService,
    private readonly annualReturns: AnnualReturnStarter,
  ) {}

  @AdminOnly('see what the annual-return job will start')
  @Get('annual-return-starts')
  @ApiOk(api.array(ANNUAL_RETURN_START_PREVIEW))
  @ApiOperation({
    summary:
      'Administrators: the annual-return follow-ups the daily job will start in the next 30 days (company, ARD, start day, type, assignee)',
  })
  async annualReturnStarts(): Promise<Ok<AnnualReturnStartPreview[]>> {
    return ok(await this.annualReturns.upcoming(todayInDublin()));
  }

  @Get()
  @ApiOk(api.array(CALENDAR_ITEM), {
    truncated: api.boolean,
    anythingAssigned: {
      ...api.nullable(api.boolean),
      description:
        'With `user`: whether anything in the whole book (a live organization, an active follow-up) is assigned to that user, whatever the range; null for everybody',
    },
  })
  @ApiOperation({
    summary:
      'The dated obligations of a range of at most 366 days (ARD, filing deadline, B1/B73, corporation tax, AML review, follow-up deadline, subscription due), by date, each with its state (overdue, dueSoon, later); truncated when more than 5000',
  })
  async list(
    @Query() query: CalendarQueryDto,
    @CurrentUser() user: AuthUser,
  ): Promise<CalendarAnswer> {
    const request = this.calendar.request(query, user._id);
    const [{ items, truncated }, anythingAssigned] = await Promise.all([
      this.calendar.items(request),
      request.userId ? this.calendar.anythingAssigned(request.userId) : null,
    ]);
    return { ok: true, data: items, truncated, anythingAssigned };
  }

  @PostOk('feeds')
  @ApiOk(CALENDAR_FEED_CREATED)
  @ApiOperation({
    summary:
      "A private iCalendar feed address (scope 'mine' or 'all', kinds): the url is answered this once",
  })
  async createFeed(
    @Body() dto: CreateCalendarFeedDto,
    @CurrentUser() user: AuthUser,
  ): Promise<Ok<CalendarFeedView & { url: string }>> {
    return ok(await this.feeds.create(user._id, dto.scope, dto.kinds));
  }

  @Get('feeds')
  @ApiOk(api.array(CALENDAR_FEED_VIEW))
  @ApiOperation({ summary: "The signed-in user's feeds not revoked (without their address)" })
  async listFeeds(@CurrentUser() user: AuthUser): Promise<Ok<CalendarFeedView[]>> {
    return ok(await this.feeds.list(user._id));
  }

  @Delete('feeds/:id')
  @ApiDone()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Revoke one of my feeds: its address answers 404 from now on' })
  async revokeFeed(
    @Param('id', IdParamPipe) id: string,
    @CurrentUser() user: AuthUser,
  ): Promise<{ ok: true }> {
    await this.feeds.revoke(user._id, id);
    return { ok: true };
  }

  @Public()
  @Get('feed/:file')
  @ApiFile('text/calendar', 'The iCalendar feed')
  @Header('Content-Type', 'text/calendar; charset=utf-8')
  @Header('Cache-Control', 'private, no-store')
  @ApiProduces('text/calendar')
  @ApiOperation({
    summary:
      'The feed itself (`<token>.ics`, no session: the token is the key): all-day events of every item still overdue, whatever its age, and of the next 335 days; unknown, revoked, or of an account no longer active → 404',
  })
  feed(@Param('file') file: string): Promise<string> {
    return this.feeds.ics(file);
  }
}
