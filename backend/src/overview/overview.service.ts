import { Injectable } from '@nestjs/common';
import {
  defaultOverviewPeriod,
  overviewRangeError,
  type OverviewView,
  todayInDublin,
} from '@registra/domain';
import { validationError } from '../platform/errors/app-exception';
import type { OverviewQueryDto } from './dto/overview.dto';
import { CalendarService } from '../calendar/calendar.service';
import { OverviewRepository } from './overview.repository';

/** /overview's figures: each chart's statement run side by side. */
@Injectable()
export class OverviewService {
  constructor(
    private readonly repository: OverviewRepository,
    private readonly calendar: CalendarService,
  ) {}

  async figures(query: OverviewQueryDto, signedInUserId: string, now = new Date()) {
    const today = todayInDublin(now);
    // Without dates: this month and the next 11; with `from` alone: 12 months from it.
    const from = query.from ?? defaultOverviewPeriod(today).from;
    const to = query.to ?? defaultOverviewPeriod(from).to;
    const rangeError = overviewRangeError(from, to);
    if (rangeError) throw validationError([{ field: 'to', message: rangeError }], rangeError);
    const filter = {
      from,
      to,
      today,
      userId: query.user === 'mine' ? signedInUserId : query.user,
    };
    const r = this.repository;
    // Each figure is its own statement: all of them at once.
    const figures = await allNamed({
      obligationsByMonth: r.obligationsByMonth(filter),
      overdue: r.overdue(filter),
      amlRiskLevels: r.amlRiskLevels(filter),
      amlReviewsByMonth: r.amlReviewsByMonth(filter),
      ordersByMonth: r.ordersByMonth(filter),
      subscriptionsByStatus: r.subscriptionsByStatus(filter),
      formsByMonth: r.formsByMonth(filter),
      anythingAssigned: filter.userId
        ? this.calendar.anythingAssigned(filter.userId)
        : Promise.resolve(null),
    });
    const { overdue, ...others } = figures;
    const view: OverviewView = { from: filter.from, to: filter.to, ...overdue, ...others };
    return view;
  }
}

/** The values of named promises, under their names, once all of them are fulfilled. */
async function allNamed<T extends Record<string, Promise<unknown>>>(
  promises: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const names = Object.keys(promises);
  const values = await Promise.all(Object.values(promises));
  return Object.fromEntries(names.map((name, index) => [name, values[index]])) as {
    [K in keyof T]: Awaited<T[K]>;
  };
}
