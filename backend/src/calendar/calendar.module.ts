import { Module } from '@nestjs/common';
import { FollowUpsModule } from '../follow-ups/follow-ups.module';
import { CalendarFeedsRepository } from './calendar-feeds.repository';
import { CalendarFeedsService } from './calendar-feeds.service';
import { CalendarController } from './calendar.controller';
import { CalendarRepository } from './calendar.repository';
import { CalendarService } from './calendar.service';

/** The compliance calendar: every dated obligation of the book, read for a range (ADR 0106). */
@Module({
  imports: [FollowUpsModule],
  controllers: [CalendarController],
  providers: [CalendarService, CalendarRepository, CalendarFeedsService, CalendarFeedsRepository],
  exports: [CalendarService],
})
export class CalendarModule {}
