/**
 * Every user-facing message of the product, by key, so client toasts and server answers use the
 * same words. Staff know these words: they stay as they are, odd wording included
 * ("Finotorsignup", "Tasks updated successfully!" for notes). The few messages written here
 * without such words (required fields, ranges) are marked so.
 */
import {
  BENEFICIARY_PERCENTAGE_MAX,
  BENEFICIARY_PERCENTAGE_MIN,
  BIRTH_DATE_MIN,
  DATE_MAX,
  DATE_MIN,
  PASSWORD_MIN_LENGTH,
  PUBLIC_FORM_PEOPLE_MAX,
  SUBSCRIPTION_PERIOD_MAX,
  SUBSCRIPTION_PERIOD_MIN,
} from './limits';

export const MESSAGES = {
  // ----- generic fallbacks and confirmations
  error: 'Error',
  anErrorOccurred: 'An error occurred',
  unexpectedApplicationError: 'Unexpected Application Error',
  confirmDelete: 'Are you sure?',
  confirmUnlink: 'Are you sure you want to continue?',
  confirmLeave: 'Are you sure you want to leave this page without saving?',
  confirmLeaveUnsaved:
    'You have unsaved changes. Are you sure you want to leave this page without saving?',

  // ----- sign-in, sign-up (written here)
  emailRequired: 'E-mail is required',
  emailInvalid: 'E-mail is not valid',
  storedEmailInvalid:
    'This address is not valid. It was saved before addresses were checked, and is kept as it is while you save other changes; a new address must be valid.',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordCommon:
    'This password is on the list of common or breached passwords: choose another one',
  passwordsDiffer: 'The two passwords differ',
  /** Beside every new-password field; the server says which rule a refused one breaks. */
  passwordHint:
    'At least 12 characters, not a common password, not built from your name or e-mail, no repeats or sequences (aaaa, abcd, qwerty).',
  secretCodeRequired: 'Secret code is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameRequired: 'Name is required',

  // ----- people and organizations
  organizationCreateFailed: 'Failed to create organization',
  personCreateFailed: 'Failed to create person',
  linkAlreadyExists: 'This person is already linked to this organization',
  rolesUpdateFailed: 'An error occurred while updating roles',
  peopleFetchFailed: 'Error fetching people',
  organizationsFetchFailed: 'Error fetching organizations',
  duplicatesFetchFailed: 'Error fetching duplicates',
  organizationUpdateFailed: 'Failed to update the organization',
  notesUpdateFailed: 'An error occurred while updating notes',
  noOrganizationsFound: 'No organizations found',
  noPeopleFound: 'No people found',
  beneficiaryOutOfRange: `Beneficiary percentage must be between ${BENEFICIARY_PERCENTAGE_MIN} and ${BENEFICIARY_PERCENTAGE_MAX}`,
  /** A percentage on an imported role without the shareholder role: the API keeps none there. */
  beneficiaryWithoutShareholder:
    'A beneficiary percentage is kept only for a shareholder: add the shareholder role or leave the percentage empty',

  // ----- files
  fileUploadFailed: 'File upload failed',
  fileTooLarge: 'File size exceeds the 1GB limit.',
  fileUploaded: 'File uploaded successfully',
  fileDeleted: 'File deleted successfully',

  // ----- subscriptions, products, orders
  subscriptionFetchFailed: 'Failed to fetch subscription',
  subscriptionCreateFailed: 'Failed to create subscription',
  subscriptionDeleteFailed: 'Failed to delete subscription',
  subscriptionStatusUpdateFailed: 'Failed to update subscription status',
  orderUnlinkFailed: 'Failed to unlink the order',
  orderLinkFailed: 'Failed to link the order to the subscription',
  ordersFetchFailed: 'Failed to fetch orders',
  orderDetailsFetchFailed: 'Failed to fetch order details',
  productFetchFailed: 'Failed to fetch product',
  subscriptionsFetchError: 'Error fetching subscriptions',
  subscriptionsFetchFailed: 'Failed to fetch subscriptions',
  productsFetchFailed: 'An error occurred fetching products',
  organizationsFetchErrorOccurred: 'An error occurred fetching organizations',
  ordersFetchErrorOccurred: 'An error occurred fetching orders',
  orderCreateFailed: 'Failed to create order',
  productCreateFailed: 'Failed to create the new product',
  productNameRequired: 'Product name is required',
  orderRequiredFields: 'Please fill in all required fields to submit',
  productNotFound: 'Product not found, please select from available options',
  subscriptionPeriodOutOfRange: `Period must be between ${SUBSCRIPTION_PERIOD_MIN} and ${SUBSCRIPTION_PERIOD_MAX} months`,
  subscriptionPeriodRequired: 'Period is required',
  startingDateRequired: 'Starting date is required',
  productRequired: 'Product is required',
  linkOrderNeedsBoth: 'Please choose a subscription and an order',
  amountNegative: 'The amount cannot be negative',
  totalNegative: 'The total cannot be negative',
  amountTooLarge: 'The amount is too large',
  amountNotANumber: 'Enter an amount in euros, e.g. 250.50',
  amountTooPrecise: 'The amount has at most 2 decimals',
  amountRequired: 'The amount is required',
  dateOrderRequired: 'The order date is required',

  // ----- e-mails
  emailTemplateFetchFailed: 'Failed to get email template',
  emailSendFailed: 'Failed to send email',
  signupEmailSendFailed: 'Failed to send the Finotorsignup email',
  signupEmailSentAtUpdateFailed:
    'Failed to update the organization for the Finotor signup email sent at property',
  emailsFetchFailed: 'Failed to fetch emails',

  // ----- follow-ups
  followUpsFetchFailed: 'Failed to fetch follow-ups.',
  followUpStepUpdateFailed: 'Failed to update the step of the follow-up.',
  followUpRemoveFailed: 'Failed to remove the follow-up.',
  commentsUpdateFailed: 'Failed to update comments',
  ardUpdateFailed: 'Failed to update the ARD date',
  startDateUpdateFailed: 'Failed to update the start date',
  followUpArchiveFailed: 'Failed to archive follow-up.',
  assigneeUpdateFailed: 'Failed to update assigned to.',
  followUpCreateFailed: 'Failed to create follow-up.',
  unarchiveConflict: 'Cannot unarchive: an active follow-up with the same name already exists.',
  followUpsFetchError: 'Error fetching follow-ups',
  adminsFetchFailed: 'Error fetching admins',
  noDeadline: 'No deadline',
  dateFormatInvalid: 'Date must match yyyy-mm-dd',
  dateOutOfRange: `Date must be between ${DATE_MIN} and ${DATE_MAX}`,
  /** A day that no calendar has: 31/02/1990, 29/02/2023. */
  dateDoesNotExist: 'This date does not exist',
  /** The date field's text is not a date at all. */
  dateTypeDayFirst: 'Enter the date as dd/mm/yyyy',

  // ----- tax
  corporationTaxPaidDeleteFailed: 'Failed to delete Corporation Tax Paid date. Please try again.',

  // ----- forms (company-creation requests)
  formsFetchFailed: 'Error fetching forms',
  formSubmitted: 'Form submitted successfully!',
  formUpdated: 'Form updated successfully',
  formDeleted: 'Form deleted successfully',
  organizationName1Required: 'Organization name 1 is required',
  descriptionRequired: 'Description is required',

  // ----- tasks
  taskCreateFailed: 'Task creation failed!',
  taskAddUser: 'Please add at least one user',
  taskNoValidRecipients: 'No valid email recipients',
  taskEmailSendFailed: 'An error occurred while sending the email',
  taskTitleRequired: 'Title is required',
  taskUsersRequired: 'Please add at least one user',
  taskCreated: 'Task created successfully!',
  taskUpdated: 'Task updated successfully!',
  /** Closing the task with unsaved edits. */
  discardTaskChanges: 'The task has changes that are not saved. Close it and lose them?',
  taskDeleted: 'Task deleted successfully!',

  // ----- signup-link hints
  hintDirectorMissing: 'Director is missing',
  hintDirectorFirstName: 'Director firstname',
  hintDirectorLastName: 'Director lastname',
  hintOrganizationName: 'Organization name',
  hintOrganizationMail: 'Organization mail',

  // ----- successes
  organizationCreated: 'Organization Created!',
  created: 'Created!',
  added: 'Added!',
  deleted: 'Deleted!',
  updated: 'Updated!',
  rolesUpdated: 'Roles updated successfully!',
  notesSaved: 'Tasks updated successfully!',
  signupEmailSent: 'Signup email sent!',
  subscriptionCreated: 'Subscription created successfully',
  subscriptionDeleted: 'Subscription deleted successfully',
  orderLinked: 'Order linked successfully',
  orderUnlinked: 'Order unlinked successfully',
  subscriptionStatusUpdated: 'Subscription status updated',
  emailSentSuccessfully: 'Email sent successfully!',
  orderCreated: 'Order Created!',
  productCreated: 'New product created!',

  // ----- reminders and payment lateness
  late: 'LATE',
  onTime: 'On time',
  inAdvance: 'In advance',
} as const;
export type MessageKey = keyof typeof MESSAGES;

// Whole numbers grouped by thousands as each language writes them ("100,000", "100 000" with a
// narrow no-break space), without Intl: the forms' schemas say a limit for each of their fields
// as their module loads, and the first Intl formatter loads its locale's data (~25 ms on a phone).
const GROUP_SEPARATORS = { 'en-IE': ',', 'fr-FR': '\u202f' } as const;
const grouped = (value: number, locale: keyof typeof GROUP_SEPARATORS): string =>
  String(value).replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATORS[locale]);

/** An imported date outside the range the import takes (birth dates included: from 1900). */
export const importDateOutOfRangeMessage = `Date must be between ${BIRTH_DATE_MIN} and ${DATE_MAX}`;

/** A text longer than its field takes (the limit is the server's, TEXT_MAX_LENGTHS). */
export const textTooLongMessage = (max: number): string =>
  `At most ${grouped(max, 'en-IE')} characters`;
/** The public form's words for the same. */
export const textTooLongMessageFr = (max: number): string =>
  `Au maximum ${grouped(max, 'fr-FR')} caractères`;

/** What the address of a deleted record says instead of the record. */
export const DELETED_RECORD_MESSAGES = {
  person: 'This person was deleted',
  organization: 'This organization was deleted',
  order: 'This order was deleted',
  form: 'This company-creation request was deleted',
} as const;
export type DeletedRecordKind = keyof typeof DELETED_RECORD_MESSAGES;

/** "X already exists!" (docs/product/follow-ups.md). */
export const alreadyExistsMessage = (name: string): string => `${name} already exists!`;
/** "Email sent to {email}!" */
export const emailSentToMessage = (email: string): string => `Email sent to ${email}!`;
/** Task deletion confirmation (docs/product/tasks.md). */
export const deleteTaskConfirmation = (title: string): string =>
  `Are you sure you want to delete the task "${title}"? This action cannot be undone.`;

/**
 * The public form speaks French (docs/product/forms.md), written as a French reader expects it:
 * accents, typographic apostrophes (’), and a non-breaking space (U+00A0) before ":", ";", "?",
 * "!" and "%" (publicFormTypographyProblems checks every text).
 */
export const PUBLIC_FORM_MESSAGES = {
  directorRequired: 'Veuillez ajouter un directeur.',
  secretaryRequired: 'Veuillez ajouter un secrétaire.',
  shareholderRequired: 'Veuillez ajouter un actionnaire.',
  idpalRequired: 'Veuillez compléter la certification IDPAL.',
  // Field messages: written here.
  fieldRequired: 'Ce champ est obligatoire',
  emailInvalid: 'Adresse e-mail invalide',
  birthOutOfRange: 'Date de naissance invalide',
  dateDoesNotExist: 'Cette date n’existe pas',
  dateTypeDayFirst: 'Saisissez la date au format jj/mm/aaaa',
  beneficiaryOutOfRange: `Le pourcentage doit être compris entre ${BENEFICIARY_PERCENTAGE_MIN} et ${BENEFICIARY_PERCENTAGE_MAX}`,
  fieldInvalid: 'Valeur invalide',
  fieldNotAccepted: 'Champ non accepté',
  textTooLong: 'Texte trop long',
  markupRefused: 'Les caractères < et > ne sont pas acceptés',
  tooManyPeople: `Au maximum ${PUBLIC_FORM_PEOPLE_MAX} personnes`,
  tooManyRequests: 'Trop de demandes envoyées depuis cette adresse. Veuillez réessayer plus tard.',
  bodyTooLarge: 'La demande est trop volumineuse.',
  bodyTooComplex: 'La demande est trop complexe.',
  // Guidance: warnings only (publicFormGuidance).
  directorUnder18: 'Un directeur doit avoir plus de 18 ans.',
  soleDirectorNotEuResident: 'Un directeur unique doit résider dans l’Union européenne.',
  noEuResidentDirector: 'Au moins un des directeurs doit résider dans l’Union européenne.',
  shareholderCountOutOfRange: 'Il faut au minimum 1 et au maximum 99 actionnaires.',
  shareholdingNot100: 'Les pourcentages des actionnaires doivent totaliser 100\u00a0%.',
  secretaryIsSoleDirector:
    'Le secrétaire doit être différent du directeur lorsqu’il n’y a qu’un seul directeur.',
  secretaryCompanyOffer:
    'Pas de secrétaire\u00a0? Nous proposons un service de société secrétaire (secretary company).',
  // Labels the form shows.
  title: 'Formulaire de création de société',
  requiredPeople: 'Personnes requises',
  personPrefix: 'Personne',
  removePerson: 'Supprimer',
  addPerson: 'Ajouter une personne',
  mandatory: 'obligatoire',
  noSecretary: 'Je n’ai pas de secrétaire',
  anonymousShareholder: 'Je souhaite un actionnaire anonyme',
  beneficiary: 'Bénéficiaire (en\u00a0%)',
  naturalPerson: 'Personne physique',
  legalPerson: 'Personne morale',
  submit: 'Soumettre',
  confirmSubmit: 'Confirmer et envoyer',
  edit: 'Modifier',
  submitted: 'Votre demande a bien été envoyée\u00a0!',
  failed: 'Une erreur s’est produite',
  /** Why "Ajouter une personne" is disabled. */
  peopleMaxReached: `Au maximum ${PUBLIC_FORM_PEOPLE_MAX} personnes\u00a0: supprimez-en une pour en ajouter une autre.`,
  thankYou: 'Merci\u00a0!',
  /** Above the form when a send is refused: every problem, each also under its field. */
  problemsTitle:
    'Votre demande ne peut pas encore être envoyée. Veuillez corriger les points suivants\u00a0:',
  fieldsIncomplete: 'Veuillez compléter les champs obligatoires.',
  sending: 'Envoi en cours…',
  close: 'Fermer',
  ok: 'OK',
  missing: 'Manquant',
} as const;
export type PublicFormMessageKey = keyof typeof PUBLIC_FORM_MESSAGES;
