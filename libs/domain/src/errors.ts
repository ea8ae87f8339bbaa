/**
 * Error codes of the HTTP API (api-conventions.md): the `code` of `{ ok: false, code, message }`.
 * The client may show the code (some toasts do) or the default message below.
 */
export const ErrorCode = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  INVALID_ID: 'INVALID_ID',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  INVALID_SECRET_CODE: 'INVALID_SECRET_CODE',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  LINK_ALREADY_EXISTS: 'LINK_ALREADY_EXISTS',
  FOLLOW_UP_ALREADY_EXISTS: 'FOLLOW_UP_ALREADY_EXISTS',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  VERSION_CONFLICT: 'VERSION_CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  ACCOUNT_LOCKED: 'ACCOUNT_LOCKED',
  FORM_ALREADY_CONVERTED: 'FORM_ALREADY_CONVERTED',
  PRODUCT_ALREADY_EXISTS: 'PRODUCT_ALREADY_EXISTS',
  ORDER_ALREADY_LINKED: 'ORDER_ALREADY_LINKED',
  RESTORE_CONFLICT: 'RESTORE_CONFLICT',
  IMPORT_STATE_CONFLICT: 'IMPORT_STATE_CONFLICT',
  IMPORT_LIMIT_EXCEEDED: 'IMPORT_LIMIT_EXCEEDED',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  TOTP_REQUIRED: 'TOTP_REQUIRED',
  TOTP_ENROLMENT_REQUIRED: 'TOTP_ENROLMENT_REQUIRED',
  INVALID_TOKEN: 'INVALID_TOKEN',
  LAST_ADMIN: 'LAST_ADMIN',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  TOTP_INVALID: 'TOTP_INVALID',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  SESSION_SIGNED_OUT: 'SESSION_SIGNED_OUT',
  SESSION_ACCOUNT_DISABLED: 'SESSION_ACCOUNT_DISABLED',
  SHARE_CLASS_ALREADY_EXISTS: 'SHARE_CLASS_ALREADY_EXISTS',
  SHARE_CLASS_HELD: 'SHARE_CLASS_HELD',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_CODES = Object.values(ErrorCode) as readonly ErrorCode[];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);

/** HTTP status of each code (api-conventions.md, "Answers"). */
export const ERROR_CODE_STATUS: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_ERROR: 400,
  INVALID_ID: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_SECRET_CODE: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  LINK_ALREADY_EXISTS: 409,
  FOLLOW_UP_ALREADY_EXISTS: 409,
  EMAIL_TAKEN: 409,
  VERSION_CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  ACCOUNT_LOCKED: 429,
  FORM_ALREADY_CONVERTED: 409,
  PRODUCT_ALREADY_EXISTS: 409,
  ORDER_ALREADY_LINKED: 409,
  RESTORE_CONFLICT: 409,
  IMPORT_STATE_CONFLICT: 409,
  IMPORT_LIMIT_EXCEEDED: 413,
  INTERNAL_ERROR: 500,
  DATABASE_UNAVAILABLE: 503,
  TOTP_REQUIRED: 401,
  TOTP_ENROLMENT_REQUIRED: 401,
  INVALID_TOKEN: 400,
  LAST_ADMIN: 409,
  ACCOUNT_DISABLED: 403,
  TOTP_INVALID: 401,
  SESSION_EXPIRED: 401,
  SESSION_SIGNED_OUT: 401,
  SESSION_ACCOUNT_DISABLED: 401,
  SHARE_CLASS_ALREADY_EXISTS: 409,
  SHARE_CLASS_HELD: 409,
};

/**
 * Default English message per code. Where the screens have their own words (LINK_ALREADY_EXISTS,
 * FILE_TOO_LARGE) they are those (MESSAGES).
 */
export const ERROR_CODE_MESSAGES: Readonly<Record<ErrorCode, string>> = {
  VALIDATION_ERROR: 'Some fields are invalid.',
  INVALID_ID: 'This identifier is not valid.',
  UNAUTHORIZED: 'Please sign in to continue.',
  INVALID_CREDENTIALS: 'Wrong e-mail or password.',
  INVALID_SECRET_CODE: 'The secret code is not valid.',
  FORBIDDEN: 'You are not allowed to do this.',
  NOT_FOUND: 'Not found.',
  LINK_ALREADY_EXISTS: 'This person is already linked to this organization',
  FOLLOW_UP_ALREADY_EXISTS: 'This follow-up already exists.',
  EMAIL_TAKEN: 'An account already uses this e-mail.',
  VERSION_CONFLICT: 'This record was changed by someone else. Reload it and try again.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  FILE_TOO_LARGE: 'File size exceeds the 1GB limit.',
  TOO_MANY_REQUESTS: 'Too many attempts. Please wait a moment and try again.',
  ACCOUNT_LOCKED: 'Too many failed sign-ins for this account. Try again later.',
  FORM_ALREADY_CONVERTED: 'This request has already been turned into an organization.',
  PRODUCT_ALREADY_EXISTS: 'A product with this name already exists.',
  ORDER_ALREADY_LINKED: 'This order already pays a period of another subscription.',
  RESTORE_CONFLICT: 'An active record already takes the place of the one to restore.',
  IMPORT_STATE_CONFLICT: 'The import is not at the step this action needs.',
  IMPORT_LIMIT_EXCEEDED: 'The file is larger than an import reads (rows, cells or unpacked size).',
  INTERNAL_ERROR: 'An unexpected error occurred.',
  DATABASE_UNAVAILABLE: 'The database is unavailable for a moment. Please try again shortly.',
  TOTP_REQUIRED: 'Enter the code of your authenticator app.',
  TOTP_ENROLMENT_REQUIRED:
    'The firm requires two-factor sign-in: set up an authenticator app to continue.',
  INVALID_TOKEN: 'This link is not valid any more. Ask for a new one.',
  LAST_ADMIN: 'The firm must keep at least one active administrator.',
  ACCOUNT_DISABLED: 'This account is deactivated. Ask an administrator.',
  TOTP_INVALID: 'Wrong code: it is not the app’s current code, or it was used already.',
  SESSION_EXPIRED: 'Your session expired. Please sign in again.',
  SESSION_SIGNED_OUT:
    'You were signed out from elsewhere (another session, or a password or security change). Please sign in again.',
  SESSION_ACCOUNT_DISABLED: 'Your account was deactivated by an administrator.',
  SHARE_CLASS_ALREADY_EXISTS: 'This company already has a share class of this name.',
  SHARE_CLASS_HELD: 'Shares of this class are held: it cannot be deleted.',
};

/**
 * The same sentences in French, for the public company-creation form (the only French screen);
 * only the codes an anonymous visitor can receive matter there, but every code has its words.
 */
export const ERROR_CODE_MESSAGES_FR: Readonly<Record<ErrorCode, string>> = {
  VALIDATION_ERROR: 'Certains champs ne sont pas valides.',
  INVALID_ID: 'Cet identifiant n’est pas valide.',
  UNAUTHORIZED: 'Veuillez vous connecter pour continuer.',
  INVALID_CREDENTIALS: 'Adresse e-mail ou mot de passe incorrect.',
  INVALID_SECRET_CODE: 'Le code secret n’est pas valide.',
  FORBIDDEN: 'Vous n’êtes pas autorisé à faire cela.',
  NOT_FOUND: 'Introuvable.',
  LINK_ALREADY_EXISTS: 'Cette personne est déjà liée à cette organisation.',
  FOLLOW_UP_ALREADY_EXISTS: 'Ce suivi existe déjà.',
  EMAIL_TAKEN: 'Un compte utilise déjà cette adresse e-mail.',
  VERSION_CONFLICT: 'Quelqu’un d’autre a modifié cette fiche. Rechargez-la puis réessayez.',
  PAYLOAD_TOO_LARGE: 'La demande est trop volumineuse.',
  FILE_TOO_LARGE: 'Le fichier dépasse la limite de 1 Go.',
  TOO_MANY_REQUESTS:
    'Trop de demandes envoyées depuis cette adresse. Veuillez réessayer plus tard.',
  ACCOUNT_LOCKED: 'Trop de connexions échouées pour ce compte. Réessayez plus tard.',
  FORM_ALREADY_CONVERTED: 'Cette demande a déjà été transformée en organisation.',
  PRODUCT_ALREADY_EXISTS: 'Un produit porte déjà ce nom.',
  ORDER_ALREADY_LINKED: 'Cette commande paie déjà une période d’un autre abonnement.',
  RESTORE_CONFLICT: 'Une fiche active occupe déjà la place de celle à restaurer.',
  IMPORT_STATE_CONFLICT: 'L’import n’est pas à l’étape que demande cette action.',
  IMPORT_LIMIT_EXCEEDED:
    'Le fichier dépasse ce qu’un import lit (lignes, cellules ou taille décompressée).',
  INTERNAL_ERROR: 'Une erreur inattendue s’est produite.',
  DATABASE_UNAVAILABLE: 'Le service est indisponible un instant. Réessayez dans quelques instants.',
  TOTP_REQUIRED: 'Saisissez le code de votre application d’authentification.',
  TOTP_ENROLMENT_REQUIRED:
    'Le cabinet exige une connexion en deux étapes : configurez une application d’authentification pour continuer.',
  INVALID_TOKEN: 'Ce lien n’est plus valide. Demandez-en un nouveau.',
  LAST_ADMIN: 'Le cabinet doit garder au moins un administrateur actif.',
  ACCOUNT_DISABLED: 'Ce compte est désactivé. Adressez-vous à un administrateur.',
  TOTP_INVALID: 'Code erroné : ce n’est pas le code actuel de l’application, ou il a déjà servi.',
  SESSION_EXPIRED: 'Votre session a expiré. Veuillez vous reconnecter.',
  SESSION_SIGNED_OUT:
    'Vous avez été déconnecté depuis ailleurs (une autre session, ou un changement de mot de passe ou de sécurité). Veuillez vous reconnecter.',
  SESSION_ACCOUNT_DISABLED: 'Votre compte a été désactivé par un administrateur.',
  SHARE_CLASS_ALREADY_EXISTS: 'Cette société a déjà une catégorie d’actions de ce nom.',
  SHARE_CLASS_HELD: 'Des actions de cette catégorie sont détenues : elle ne peut être supprimée.',
};

/**
 * The 401 codes that say why a signed-in session stopped working (an expired session, one ended
 * from elsewhere, a deactivated account); the client ends the session and tells the sign-in
 * screen why.
 */
export const SESSION_END_CODES = [
  ErrorCode.SESSION_EXPIRED,
  ErrorCode.SESSION_SIGNED_OUT,
  ErrorCode.SESSION_ACCOUNT_DISABLED,
] as const;
export type SessionEndCode = (typeof SESSION_END_CODES)[number];
export const isSessionEndCode = (value: unknown): value is SessionEndCode =>
  (SESSION_END_CODES as readonly unknown[]).includes(value);

/**
 * The 401 answers of the sign-in form itself (wrong password, wrong or missing code, enrolment
 * required): the form's own answer, never the end of a session.
 */
export const SIGN_IN_ANSWER_CODES: readonly ErrorCode[] = [
  ErrorCode.INVALID_CREDENTIALS,
  ErrorCode.TOTP_INVALID,
  ErrorCode.TOTP_REQUIRED,
  ErrorCode.TOTP_ENROLMENT_REQUIRED,
];

/**
 * The sentence for an error code, in English for staff or French on the public form; undefined
 * for a code the client does not know (a newer server), so callers keep the server's message.
 */
export function errorSentence(code: unknown, language: 'en' | 'fr' = 'en'): string | undefined {
  if (!isErrorCode(code)) return undefined;
  return (language === 'fr' ? ERROR_CODE_MESSAGES_FR : ERROR_CODE_MESSAGES)[code];
}

/**
 * The text of a failure toast: the server's code or message, else a fallback ("the error code,
 * or 'Error'"; "message, else error code, else ..."; docs/product/screens.md).
 */
export function failureText(
  error: { code?: unknown; message?: unknown } | null | undefined,
  fallback: string,
  prefer: 'code' | 'message' = 'message',
): string {
  const code = typeof error?.code === 'string' && error.code ? error.code : undefined;
  const message = typeof error?.message === 'string' && error.message ? error.message : undefined;
  const first = prefer === 'code' ? (code ?? message) : (message ?? code);
  return first ?? fallback;
}
