import type { CalendarKind } from '../rules/calendar';

/** GET /api/overview: the figures behind each chart of /overview, each read by one statement. */
export interface OverviewView {
  from: string;
  to: string;
  /** Obligations of the period by month (YYYY-MM) and kind. */
  obligationsByMonth: Array<{ month: string; kind: CalendarKind; count: number }>;
  /** Every obligation overdue today (dated before today), whatever the period, by kind. */
  overdueByKind: Array<{ kind: CalendarKind; count: number }>;
  /** The same by assigned user (an item counts for each of its users; userId null: nobody). */
  overdueByUser: Array<{ userId: string | null; userName: string; count: number }>;
  /** The live organizations by AML risk level (null: not assessed), whatever the period. */
  amlRiskLevels: Array<{ level: string | null; count: number }>;
  /** AML reviews falling due in the period, by month. */
  amlReviewsByMonth: Array<{ month: string; count: number }>;
  /** Orders of the period by month of their date: paid and outstanding, in euros. */
  ordersByMonth: Array<{ month: string; paid: number; outstanding: number }>;
  /** The live subscriptions by status, whatever the period. */
  subscriptionsByStatus: Array<{ status: string; count: number }>;
  /** Company-creation requests received in the period by month, and how many became clients. */
  formsByMonth: Array<{ month: string; received: number; becameClients: number }>;
  /**
   * Asked for one user's figures (`user`): whether anything in the whole book is assigned to them,
   * whatever the period; null asked for everybody's.
   */
  anythingAssigned: boolean | null;
}
