import { Module } from '@nestjs/common';
import { CalendarModule } from '../calendar/calendar.module';
import { OverviewController } from './overview.controller';
import { OverviewRepository } from './overview.repository';
import { OverviewService } from './overview.service';

/** /overview: the book's figures behind its charts, each one SQL statement. */
@Module({
  imports: [CalendarModule],
  controllers: [OverviewController],
  providers: [OverviewService, OverviewRepository],
})
export class OverviewModule {}
