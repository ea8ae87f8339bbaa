/**
 * Every number of the product (docs/product/; rules 01-9 and 02-9 of the domain README), plus the
 * platform limits the server's DTOs and the client's forms both read. One place, so the two sides
 * cannot drift.
 */

// ---------------------------------------------------------------- time zone and API

/** The firm works in Dublin: "today", reminders and displayed times follow this zone. */
export const FIRM_TIME_ZONE = 'Europe/Dublin';

/** Every API path lives under this prefix (api-conventions.md), on the page's own origin. */
export const API_PREFIX = '/api';

/** The session token's key in browser local storage. */
export const SESSION_TOKEN_STORAGE_KEY = 'token';

/** Filters kept in local storage (docs/product/screens.md). */
export const STORAGE_KEYS = {
  token: SESSION_TOKEN_STORAGE_KEY,
  followUpFilters: 'followUpFilters',
  ordersFilters: 'ordersFilters',
} as const;

// ---------------------------------------------------------------- lists and pages

/** Dashboard: the 5 most recent organizations and people. */
export const DASHBOARD_RECENT_COUNT = 5;
/** Dashboard: the 7 latest tasks. */
export const DASHBOARD_TASK_COUNT = 7;
/** Dashboard: the first 3 files of POST /file/search. */
export const DASHBOARD_FILE_COUNT = 3;
/** Link Organization / Link Person pickers: 5 per page. */
export const PICKER_PAGE_SIZE = 5;
/** AML signature picker and the users search of pickers: 5 users. */
export const USER_PICKER_LIMIT = 5;
/** Add-order modal organization selector: 50 per page, sorted by name ascending. */
export const ORGANIZATION_PICKER_PAGE_SIZE = 50;
/** Orders tab and order list: 25 per page. */
export const ORDERS_PAGE_SIZE = 25;
/** The order link dialog loads up to 1000 orders. */
export const ORDER_LINK_DIALOG_LIMIT = 1000;
/** Page size of a list when the client names none (the lists' common size, orders'). */
export const DEFAULT_PAGE_SIZE = ORDERS_PAGE_SIZE;
/** No list call may ask for more; the largest the client asks for is the link dialog's. */
export const MAX_PAGE_LIMIT = ORDER_LINK_DIALOG_LIMIT;
/** Task board columns: 7 cards first, 'Show More' adds 10. */
export const TASK_COLUMN_INITIAL_CARDS = 7;
export const TASK_COLUMN_SHOW_MORE = 10;
/** Pagination: all page buttons up to 5 pages, otherwise a window of 4 with ellipsis. */
export const PAGINATION_MAX_FULL = 5;
export const PAGINATION_WINDOW = 4;

/** Search inputs, list filters, sort and page changes are debounced by 300 ms. */
export const DEBOUNCE_MS = 300;

// ---------------------------------------------------------------- dates

/** Date inputs and filters accept 2000-01-01 to 2099-12-31. */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2099-12-31';
/** Birth dates are outside that range; they only need to be plausible. */
export const BIRTH_DATE_MIN = '1900-01-01';

export const FIRST_AR_MONTHS_AFTER_INCORPORATION = 6;
export const CORPORATION_TAX_REMINDER_MONTHS = 9;
export const FINANCIAL_YEAR_END_MONTHS_AFTER_LAST_PAID = 12;
export const CORPORATION_TAX_REMINDER_MONTHS_AFTER_LAST_PAID = 21;
/** B1B73 options: 1 to 6 months added to the next annual return reminder. */
export const B1B73_MONTH_OPTIONS = [1, 2, 3, 4, 5, 6] as const;
/** Follow-up ARD: the deadline is 56 days after it. */
export const ARD_DEADLINE_DAYS = 56;
/**
 * A person's AML reminder is shown "3 units (probably months, uncertain)" after dateAml:
 * months chosen, the usual KYC refresh unit.
 */
export const AML_REMINDER_MONTHS = 3;

// ---------------------------------------------------------------- numbers of forms

export const BENEFICIARY_PERCENTAGE_MIN = 0;
export const BENEFICIARY_PERCENTAGE_MAX = 100;
export const BENEFICIARY_PERCENTAGE_DEFAULT = 0;

/** Subscription creation: period 1 to 60 months, default 6. */
export const SUBSCRIPTION_PERIOD_MIN = 1;
export const SUBSCRIPTION_PERIOD_MAX = 60;
export const SUBSCRIPTION_PERIOD_DEFAULT = 6;

/** Service plans (domiciliation, secretary company, anonymous shareholder): 6 or 12, default 12. */
export const SERVICE_PLANS = [6, 12] as const;
export type ServicePlan = (typeof SERVICE_PLANS)[number];
export const DEFAULT_SERVICE_PLAN: ServicePlan = 12;
export const isServicePlan = (value: unknown): value is ServicePlan => value === 6 || value === 12;

/**
 * A password has at least 12 characters and is not on the shipped list of common passwords
 * (ASVS 2.1.1 and 2.1.7); at most 200, what argon2 is given.
 */
export const PASSWORD_MIN_LENGTH = 12;

/** An e-mail address: 254 characters at most in all (RFC 5321's path limit less its brackets). */
export const EMAIL_ADDRESS_MAX_LENGTH = 254;
/** The part of an e-mail address before the "@": 64 characters at most (RFC 5321). */
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
export const PASSWORD_MAX_LENGTH = 200;
/**
 * A new password must reach this zxcvbn score (0 to 4; 3 is about 10^8 guesses) with the
 * account's own data (e-mail, its local part, names), the product's and the firm's names as
 * known words, so repeats, sequences, keyboard runs and one's own name do not pass (ASVS 2.1.7).
 */
export const PASSWORD_MIN_STRENGTH_SCORE = 3;
/** The product's name: a password may not be built from it (nor from the firm's). */
export const PRODUCT_NAME = 'Registra';

// ---------------------------------------------------------------- staff accounts

/** An invitation's sign-up link works once, for 7 days. */
export const INVITATION_VALID_HOURS = 7 * 24;
/** A password-reset link works once, for 1 hour. */
export const PASSWORD_RESET_VALID_HOURS = 1;
/** A session ends 30 days after sign-in whatever its use (SESSION_MAX_DAYS overrides it). */
export const SESSION_MAX_DAYS = 30;
/** Idle lifetime: a session not refreshed for 12 hours ends. */
export const SESSION_IDLE_HOURS = 12;
/**
 * While the firm requires two-factor sign-in, a password accepted for an account without it gives
 * a one-time enrolment token valid 15 minutes: enough to scan a QR code, too short to be kept.
 */
export const TOTP_ENROLMENT_VALID_MINUTES = 15;

/**
 * Addresses outside the book one mail may also go to, each typed on purpose under the form's
 * warning (POST /organization/send `extraRecipients`).
 */
export const MAIL_EXTRA_RECIPIENTS_MAX = 5;

/** Public form (docs/product/forms.md). */
export const PUBLIC_FORM_COMPANY_NAMES = 3;
export const SHAREHOLDERS_MIN = 1;
export const SHAREHOLDERS_MAX = 99;
export const SHAREHOLDING_TOTAL_PERCENT = 100;
export const DEFAULT_SHARE_COUNT = 100;
export const DEFAULT_SHARE_NOMINAL_EUROS = 1;
export const DIRECTOR_MIN_AGE_YEARS = 18;
export const PROOF_OF_ADDRESS_MAX_AGE_MONTHS = 3;
/** Bounds of what an anonymous visitor can send (the request is hostile input). */
export const PUBLIC_FORM_PEOPLE_MAX = 99;
export const PUBLIC_FORM_TEXT_MAX = 200;
export const PUBLIC_FORM_DESCRIPTION_MAX = 5000;
/** A street or an authorized person's address of a request. */
export const PUBLIC_FORM_ADDRESS_MAX = 500;
/** 99 people of bounded fields fit in well under this; anything larger is refused with 413. */
export const PUBLIC_FORM_BODY_LIMIT_BYTES = 512 * 1024;
/** Requests accepted per address and hour (PUBLIC_FORM_POSTS_PER_HOUR overrides it). */
export const PUBLIC_FORM_POSTS_PER_HOUR = 10;

/** AML wording thresholds (docs/product/aml.md): cash over €15,000; beneficial owner over 25 %. */
export const AML_CASH_THRESHOLD_EUROS = 15000;
export const BENEFICIAL_OWNER_THRESHOLD_PERCENT = 25;

// ---------------------------------------------------------------- money

export const CURRENCY = 'EUR';
export const MONEY_DECIMALS = 2;
/** Amount inputs step by one cent. */
export const MONEY_STEP = 0.01;
export const ORDER_AMOUNT_MIN = 0;
/** No amount of one order reaches €100 million: a larger one is a typing mistake. */
export const ORDER_AMOUNT_MAX = 100_000_000;

// ---------------------------------------------------------------- lengths of text fields

/**
 * The most characters each text field of a record takes. The server's DTOs refuse longer text
 * (400 naming the field) and the client's yup schemas check the same number as it is typed, so a
 * too-long comment is marked under its field before anything is sent.
 */
export const TEXT_MAX_LENGTHS = {
  person: {
    firstName: 200,
    lastName: 200,
    phone: 100,
    mail: 254,
    nationality: 200,
    country: 200,
    ipn: 200,
    pps: 200,
    companyForm: 200,
    addressStreet1: 500,
    addressZip1: 200,
    addressCity1: 200,
    addressState1: 200,
    addressCountry1: 200,
    comments: 10_000,
  },
  organization: {
    name: 300,
    mail: 254,
    cro: 50,
    businessActivity: 2000,
    address: 1000,
    country: 100,
    comments: 20_000,
    notes: 100_000,
    coroporationTaxNumber: 50,
    accountingComments: 20_000,
  },
  order: {
    company: 300,
    firstName: 200,
    lastName: 200,
    email: 254,
    paymentTypeDeposit: 200,
    paymentTypeBalance: 200,
    vatNumber: 50,
    comment: 10_000,
  },
  task: { title: 300, description: 10_000 },
  followUp: { comments: 5000 },
  product: { name: 200 },
} as const;

// ---------------------------------------------------------------- files and bodies

/** Upload limit "1 GB", implemented as 1 GiB (api-conventions.md: FILE_MAX_BYTES default). */
export const FILE_MAX_BYTES = 1024 * 1024 * 1024;
/** JSON bodies; an upload travels as a data URL only through POST /file, which has its own limit. */
export const JSON_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/**
 * A JSON body nested deeper than this, or holding more keys and items in all, is refused (400)
 * before validation walks it: the deepest record (an AML appendix in an organization) is under
 * ten levels, the widest (a public form of 99 people) a few thousand keys.
 */
export const JSON_MAX_DEPTH = 32;
/**
 * The highest page number any list accepts (400 past it): with the smallest page of 1 that is
 * 100 000 records, more than any list holds, while 1e20 no longer reaches the database.
 */
export const PAGE_NUMBER_MAX = 100_000;
export const JSON_MAX_KEYS = 20_000;
/** An uploaded file's name, as stored and shown, is at most this long. */
export const FILE_NAME_MAX_LENGTH = 255;
/** File names longer than 40 characters are shortened for display. */
export const FILE_NAME_DISPLAY_MAX = 40;
/** The upload confirmation disappears after 3 seconds. */
export const UPLOAD_CONFIRMATION_MS = 3000;

// ---------------------------------------------------------------- toasts

/** react-hot-toast's defaults are the product's: success 2000 ms, others 4000 ms, at most 20. */
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_DEFAULT_MS = 4000;
/** Loading toasts are not auto-dismissed. */
export const TOAST_LOADING_MS = Number.POSITIVE_INFINITY;
export const TOAST_MAX_VISIBLE = 20;

// ---------------------------------------------------------------- sign-in protection

/** Sign-in and sign-up attempts per client address per minute (then 429 with Retry-After). */
export const AUTH_ATTEMPTS_PER_ADDRESS_PER_MINUTE = 10;
/**
 * Wrong sign-up codes accepted per code and hour, from every address together; then sign-up with
 * the code answers 429 until the hour ends.
 */
export const SIGNUP_CODE_FAILURES_PER_HOUR = 20;
/** Failed sign-ins for one account from one client address within the window that lock them. */
export const SIGN_IN_FAILURES_BEFORE_LOCK = 5;
/** The window those failures are counted in, and how long the lock then lasts. */
export const SIGN_IN_FAILURE_WINDOW_MINUTES = 15;
export const SIGN_IN_LOCK_MINUTES = 15;
/**
 * Failed password and code checks of one account from every address together (sign-in, the
 * password change, turning two-factor off, enrolling an app): at most this many in the hour that
 * starts with the first failure (ASVS 2.2.1); past it, every check waits for the hour to end.
 */
export const ACCOUNT_FAILURES_PER_HOUR = 100;
export const ACCOUNT_FAILURE_WINDOW_MINUTES = 60;
/**
 * The first failures of the hour are not slowed (a person mistyping); from this many on, each
 * further attempt waits a delay that doubles with every failure, from the first to the longest.
 * A delay, not a lock: a stranger can slow an account down but not shut its owner out.
 */
export const ACCOUNT_FAILURES_BEFORE_DELAY = 10;
export const ACCOUNT_DELAY_FIRST_SECONDS = 1;
export const ACCOUNT_DELAY_MAX_SECONDS = 30;
