import { Body, Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { DeleteOk, ListSearch, PostOk, UpdateById } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import type { Ok } from '../platform/http/envelope';
import { IdParam } from '../platform/http/id-param.pipe';
import type { AuthUser } from '../users/user.view';
import { CreateFollowUpDto, SearchFollowUpsDto, UpdateFollowUpDto } from './dto/follow-up.dto';
import type { FollowUpView } from './follow-up.view';
import { FollowUpsService } from './follow-ups.service';
import { ApiFails, ApiOk } from '../platform/http/openapi';
import { FOLLOW_UP_SUMMARY, FOLLOW_UP_VIEW } from './follow-ups.openapi';
import { Staff } from '../platform/auth/route-access';

/** The history names the signed-in user by first and last name. */
const actorOf = (user: AuthUser) => ({
  id: user._id,
  firstName: user.firstName,
  lastName: user.lastName,
});

@ApiTags('followUp')
@Staff()
@Controller('followUp')
export class FollowUpsController {
  constructor(private readonly followUps: FollowUpsService) {}

  @PostOk()
  @ApiOk(FOLLOW_UP_VIEW)
  @ApiFails(404, 409)
  @ApiOperation({
    summary:
      'Start a process of the catalogue on an organization; an active one of the same type answers 409 "X already exists!"',
  })
  async create(
    @Body() dto: CreateFollowUpDto,
    @CurrentUser() user: AuthUser,
  ): Promise<Ok<FollowUpView>> {
    return ok(await this.followUps.create(dto, actorOf(user)));
  }

  @ListSearch(
    FOLLOW_UP_VIEW,
    "An organization's follow-ups (organization_id, archived_at) or the /followUp list (filters, sort, page), with the list's summary",
    { summary: FOLLOW_UP_SUMMARY },
  )
  search(@Body() dto: SearchFollowUpsDto): Promise<string> {
    return this.followUps.search(dto);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One follow-up with its history' })
  @ApiOk(FOLLOW_UP_VIEW)
  async get(@IdParam() id: string): Promise<Ok<FollowUpView>> {
    return ok(await this.followUps.get(id));
  }

  @UpdateById(
    FOLLOW_UP_VIEW,
    'Exactly one change: step_index, comments, ARD (deadline ARD + 56 days), start_date (deadline by the type), archived_at (date or null), or user_id with user_name',
  )
  async update(
    @IdParam() id: string,
    @Body() dto: UpdateFollowUpDto,
    @CurrentUser() user: AuthUser,
  ): Promise<Ok<FollowUpView>> {
    return ok(await this.followUps.update(id, dto, actorOf(user)));
  }

  @DeleteOk(':id')
  @ApiOperation({ summary: 'Delete (the history keeps it)' })
  async remove(@IdParam() id: string): Promise<{ ok: true }> {
    await this.followUps.delete(id);
    return { ok: true };
  }
}
