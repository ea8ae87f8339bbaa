import { Injectable } from '@nestjs/common';
import {
  defaultOverviewPeriod,
  overviewRangeError,
  type OverviewView,
  todayInDublin,
} from '@registra/domain';
import { validationError } from '../platform/errors/app-exception';
import type { OverviewQueryDto } from './dto/overview.dto';
import { OverviewRepository } from './overview.repository';

/** /overview's figures: each chart's statement run side by side. */
@Injectable()
export class OverviewService {
  constructor(private readonly repository: OverviewRepository) {}

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
    const [
      obligationsByMonth,
      overdueByKind,
      overdueByUser,
      amlRiskLevels,
      amlReviewsByMonth,
      ordersByMonth,
      subscriptionsByStatus,
      formsByMonth,
    ] = await Promise.all([
      r.obligationsByMonth(filter),
      r.overdueByKind(filter),
      r.overdueByUser(filter),
      r.amlRiskLevels(filter),
      r.amlReviewsByMonth(filter),
      r.ordersByMonth(filter),
      r.subscriptionsByStatus(filter),
      r.formsByMonth(filter),
    ]);
    const view: OverviewView = {
      from: filter.from,
      to: filter.to,
      obligationsByMonth,
      overdueByKind,
      overdueByUser,
      amlRiskLevels,
      amlReviewsByMonth,
      ordersByMonth,
      subscriptionsByStatus,
      formsByMonth,
    };
    return view;
  }
}
