import { describe, expect, it } from 'vitest';
import * as limits from './limits';

describe('the numbers of the product (01-9, 02-9)', () => {
  it.each([
    // 01-9.2 "Dashboard: 5 recent organizations, 5 recent people, 7 tasks. Link pickers: 5 per page. Search debounce: 300 ms."
    ['DASHBOARD_RECENT_COUNT', 5],
    ['DASHBOARD_TASK_COUNT', 7],
    ['PICKER_PAGE_SIZE', 5],
    ['DEBOUNCE_MS', 300],
    // "the dashboard keeps the first 3 results"
    ['DASHBOARD_FILE_COUNT', 3],
    // 02-9.2 "Signature picker: 5 users."
    ['USER_PICKER_LIMIT', 5],
    // 01-9.8 "Orders tab page size 25; order link dialog loads up to 1000." 02-9.7 "orders 25; organization picker 50"
    ['ORDERS_PAGE_SIZE', 25],
    ['ORDER_LINK_DIALOG_LIMIT', 1000],
    ['ORGANIZATION_PICKER_PAGE_SIZE', 50],
    ['MAX_PAGE_LIMIT', 1000],
    ['DEFAULT_PAGE_SIZE', 25],
    // 02-9.7 "task columns 7 cards initially, +10 per 'Show More'"
    ['TASK_COLUMN_INITIAL_CARDS', 7],
    ['TASK_COLUMN_SHOW_MORE', 10],
    // 01-9.3 "when more than 5 pages, a window of 4 numbered buttons"
    ['PAGINATION_MAX_FULL', 5],
    ['PAGINATION_WINDOW', 4],
    // 02-9.6 "Date range limits: 2000-01-01 to 2099-12-31."
    ['DATE_MIN', '2000-01-01'],
    ['DATE_MAX', '2099-12-31'],
    // 01-9.6
    ['FIRST_AR_MONTHS_AFTER_INCORPORATION', 6],
    ['CORPORATION_TAX_REMINDER_MONTHS', 9],
    // 01-4.11
    ['FINANCIAL_YEAR_END_MONTHS_AFTER_LAST_PAID', 12],
    ['CORPORATION_TAX_REMINDER_MONTHS_AFTER_LAST_PAID', 21],
    // 01-9.5 "Setting a follow-up ARD sets its deadline 56 days later"
    ['ARD_DEADLINE_DAYS', 56],
    ['AML_REMINDER_MONTHS', 3],
    // 01-9.8 "Beneficiary percentage 0 to 100."
    ['BENEFICIARY_PERCENTAGE_MIN', 0],
    ['BENEFICIARY_PERCENTAGE_MAX', 100],
    ['BENEFICIARY_PERCENTAGE_DEFAULT', 0],
    // 01-9.7 "Subscription period 1 to 60 months (default 6)."
    ['SUBSCRIPTION_PERIOD_MIN', 1],
    ['SUBSCRIPTION_PERIOD_MAX', 60],
    ['SUBSCRIPTION_PERIOD_DEFAULT', 6],
    // 01-9.7 "Service plans 6 or 12 months (default 12)."
    ['DEFAULT_SERVICE_PLAN', 12],
    // Staff accounts: "At least 12 characters"; reset "a one-time link valid 1 hour"; sessions
    // "an absolute lifetime (default 30 days)" besides the idle one (12 hours).
    ['PASSWORD_MIN_LENGTH', 12],
    ['PASSWORD_MAX_LENGTH', 200],
    // "refuse passwords built from the account's own data, the product's name, repeats and
    // sequences: a strength estimator with the user's inputs, score ≥ 3"
    ['PASSWORD_MIN_STRENGTH_SCORE', 3],
    ['PRODUCT_NAME', 'Registra'],
    // ASVS 2.2.1 "no more than 100 failed attempts per hour on a single account", slowed by a
    // growing delay rather than a lock anyone could trigger
    ['ACCOUNT_FAILURES_PER_HOUR', 100],
    ['ACCOUNT_FAILURE_WINDOW_MINUTES', 60],
    ['ACCOUNT_FAILURES_BEFORE_DELAY', 10],
    ['ACCOUNT_DELAY_FIRST_SECONDS', 1],
    ['ACCOUNT_DELAY_MAX_SECONDS', 30],
    ['PASSWORD_RESET_VALID_HOURS', 1],
    ['INVITATION_VALID_HOURS', 168],
    ['SESSION_MAX_DAYS', 30],
    ['SESSION_IDLE_HOURS', 12],
    // "the sign-up code guess rate limited per code, not only per address"
    ['SIGNUP_CODE_FAILURES_PER_HOUR', 20],
    // "a JSON depth limit (e.g. 32) and a key-count limit"; "upload file names ≤ 255 characters"
    ['JSON_MAX_DEPTH', 32],
    ['JSON_MAX_KEYS', 20000],
    // "every list's page and limit bounded the same way (400)"
    ['PAGE_NUMBER_MAX', 100000],
    ['FILE_NAME_MAX_LENGTH', 255],
    // 02-9.8 "three company names; shareholders 1 to 99 summing to 100%; default 100 shares of 1 euro, not payable; ... proof of residence under 3 months; director over 18"
    ['PUBLIC_FORM_COMPANY_NAMES', 3],
    ['SHAREHOLDERS_MIN', 1],
    ['SHAREHOLDERS_MAX', 99],
    ['SHAREHOLDING_TOTAL_PERCENT', 100],
    ['DEFAULT_SHARE_COUNT', 100],
    ['DEFAULT_SHARE_NOMINAL_EUROS', 1],
    ['PROOF_OF_ADDRESS_MAX_AGE_MONTHS', 3],
    ['DIRECTOR_MIN_AGE_YEARS', 18],
    // 02-9.1 "amounts over €15,000. The beneficial-owner threshold in the wording is over 25%"
    ['AML_CASH_THRESHOLD_EUROS', 15000],
    ['BENEFICIAL_OWNER_THRESHOLD_PERCENT', 25],
    // 02-9.9 "Currency: euro, 2 decimals."
    ['CURRENCY', 'EUR'],
    ['MONEY_DECIMALS', 2],
    ['MONEY_STEP', 0.01],
    ['ORDER_AMOUNT_MIN', 0],
    // 01-9.4 "Upload limit 1 GB" (1 GiB, api-conventions FILE_MAX_BYTES)
    ['FILE_MAX_BYTES', 1073741824],
    ['JSON_BODY_LIMIT_BYTES', 10485760],
    // The public form is hostile input: every part of it is bounded.
    ['PUBLIC_FORM_PEOPLE_MAX', 99],
    ['PUBLIC_FORM_TEXT_MAX', 200],
    ['PUBLIC_FORM_DESCRIPTION_MAX', 5000],
    ['PUBLIC_FORM_BODY_LIMIT_BYTES', 524288],
    ['PUBLIC_FORM_POSTS_PER_HOUR', 10],
    // 01-5.6 "File names longer than 40 characters are shortened"; "disappears after 3 seconds"
    ['FILE_NAME_DISPLAY_MAX', 40],
    ['UPLOAD_CONFIRMATION_MS', 3000],
    // 01-9.11 "Toast notification timing: success 2000 ms, others 4000 ms, loading not auto-dismissed; at most 20 at once."
    ['TOAST_SUCCESS_MS', 2000],
    ['TOAST_DEFAULT_MS', 4000],
    ['TOAST_LOADING_MS', Number.POSITIVE_INFINITY],
    ['TOAST_MAX_VISIBLE', 20],
    ['FIRM_TIME_ZONE', 'Europe/Dublin'],
    ['API_PREFIX', '/api'],
  ] as Array<[keyof typeof limits, unknown]>)('%s = %j', (name, value) => {
    expect(limits[name]).toBe(value);
  });

  it('01-9.7 "Service plans 6 or 12 months"', () => {
    expect(limits.SERVICE_PLANS).toEqual([6, 12]);
    expect([6, 12].map(limits.isServicePlan)).toEqual([true, true]);
    expect([0, 1, 3, 24, '12', null].map(limits.isServicePlan)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('01-9.6 "B1B73 options: 1 to 6 months"', () => {
    expect(limits.B1B73_MONTH_OPTIONS).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('02-9.4 "Local keys: followUpFilters and ordersFilters" (and the session token)', () => {
    expect(limits.STORAGE_KEYS).toEqual({
      token: 'token',
      followUpFilters: 'followUpFilters',
      ordersFilters: 'ordersFilters',
    });
  });
});
