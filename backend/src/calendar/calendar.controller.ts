import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CalendarAnswer } from '@registra/domain';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import type { AuthUser } from '../users/user.view';
import { CalendarService } from './calendar.service';
import { CalendarQueryDto } from './dto/calendar.dto';

@ApiTags('calendar')
@ApiBearerAuth()
@Controller('calendar')
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  @Get()
  @ApiOperation({
    summary:
      'The dated obligations of a range of at most 366 days (ARD, filing deadline, B1/B73, corporation tax, AML review, follow-up deadline, subscription due), by date, each with its state (overdue, dueSoon, later); truncated when more than 5000',
  })
  async list(
    @Query() query: CalendarQueryDto,
    @CurrentUser() user: AuthUser,
  ): Promise<CalendarAnswer> {
    const { items, truncated } = await this.calendar.items(this.calendar.request(query, user._id));
    return { ok: true, data: items, truncated };
  }
}
