import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  PUBLIC_FORM_MESSAGES,
  alreadyExistsMessage,
  deleteTaskConfirmation,
  emailSentToMessage,
  textTooLongMessage,
  textTooLongMessageFr,
} from './messages';

describe('the messages of rules 01-5 and 01-8, word for word', () => {
  it.each([
    ['confirmDelete', 'Are you sure?'], // 01-5.7 "asks 'Are you sure?'"
    ['confirmUnlink', 'Are you sure you want to continue?'], // 01-5.7 "Unlinking asks ..."
    ['confirmLeave', 'Are you sure you want to leave this page without saving?'],
    [
      'confirmLeaveUnsaved',
      'You have unsaved changes. Are you sure you want to leave this page without saving?',
    ],
    ['unexpectedApplicationError', 'Unexpected Application Error'],
    ['error', 'Error'],
    ['organizationCreateFailed', 'Failed to create organization'],
    ['personCreateFailed', 'Failed to create person'],
    ['linkAlreadyExists', 'This person is already linked to this organization'],
    ['anErrorOccurred', 'An error occurred'],
    ['rolesUpdateFailed', 'An error occurred while updating roles'],
    ['peopleFetchFailed', 'Error fetching people'],
    ['organizationsFetchFailed', 'Error fetching organizations'],
    ['duplicatesFetchFailed', 'Error fetching duplicates'],
    ['fileUploadFailed', 'File upload failed'],
    ['fileTooLarge', 'File size exceeds the 1GB limit.'],
    ['organizationUpdateFailed', 'Failed to update the organization'],
    ['notesUpdateFailed', 'An error occurred while updating notes'],
    ['subscriptionFetchFailed', 'Failed to fetch subscription'],
    ['subscriptionCreateFailed', 'Failed to create subscription'],
    ['subscriptionDeleteFailed', 'Failed to delete subscription'],
    ['subscriptionStatusUpdateFailed', 'Failed to update subscription status'],
    ['orderUnlinkFailed', 'Failed to unlink the order'],
    ['orderLinkFailed', 'Failed to link the order to the subscription'],
    ['ordersFetchFailed', 'Failed to fetch orders'],
    ['orderDetailsFetchFailed', 'Failed to fetch order details'],
    ['productFetchFailed', 'Failed to fetch product'],
    ['emailTemplateFetchFailed', 'Failed to get email template'],
    ['emailSendFailed', 'Failed to send email'],
    ['signupEmailSendFailed', 'Failed to send the Finotorsignup email'],
    [
      'signupEmailSentAtUpdateFailed',
      'Failed to update the organization for the Finotor signup email sent at property',
    ],
    ['followUpsFetchFailed', 'Failed to fetch follow-ups.'],
    ['followUpStepUpdateFailed', 'Failed to update the step of the follow-up.'],
    ['followUpRemoveFailed', 'Failed to remove the follow-up.'],
    ['commentsUpdateFailed', 'Failed to update comments'],
    ['ardUpdateFailed', 'Failed to update the ARD date'],
    ['startDateUpdateFailed', 'Failed to update the start date'],
    ['followUpArchiveFailed', 'Failed to archive follow-up.'],
    ['assigneeUpdateFailed', 'Failed to update assigned to.'],
    ['followUpCreateFailed', 'Failed to create follow-up.'],
    [
      'unarchiveConflict',
      'Cannot unarchive: an active follow-up with the same name already exists.',
    ],
    [
      'corporationTaxPaidDeleteFailed',
      'Failed to delete Corporation Tax Paid date. Please try again.',
    ],
    ['organizationCreated', 'Organization Created!'],
    ['created', 'Created!'],
    ['added', 'Added!'],
    ['deleted', 'Deleted!'],
    ['updated', 'Updated!'],
    ['rolesUpdated', 'Roles updated successfully!'],
    ['fileUploaded', 'File uploaded successfully'],
    ['fileDeleted', 'File deleted successfully'],
    ['notesSaved', 'Tasks updated successfully!'], // "notes saved (worded 'Tasks updated successfully!')"
    ['signupEmailSent', 'Signup email sent!'],
    ['subscriptionStatusUpdated', 'Subscription status updated'],
    ['noOrganizationsFound', 'No organizations found'],
    ['noPeopleFound', 'No people found'],
    ['noDeadline', 'No deadline'],
    ['hintDirectorMissing', 'Director is missing'],
    ['hintDirectorFirstName', 'Director firstname'],
    ['hintDirectorLastName', 'Director lastname'],
    ['hintOrganizationName', 'Organization name'],
    ['hintOrganizationMail', 'Organization mail'],
    ['late', 'LATE'],
    ['onTime', 'On time'],
  ] as Array<[keyof typeof MESSAGES, string]>)('%s: "%s"', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it('01-5.10 "X already exists!" and "Email sent to {email}!"', () => {
    expect(alreadyExistsMessage('First Annual Return')).toBe('First Annual Return already exists!');
    expect(emailSentToMessage('a@b.ie')).toBe('Email sent to a@b.ie!');
  });
});

describe('the messages of rules 02-5 and 02-8, word for word', () => {
  it.each([
    ['followUpsFetchError', 'Error fetching follow-ups'],
    ['adminsFetchFailed', 'Error fetching admins'],
    ['productsFetchFailed', 'An error occurred fetching products'],
    ['subscriptionsFetchError', 'Error fetching subscriptions'],
    ['subscriptionsFetchFailed', 'Failed to fetch subscriptions'],
    ['formsFetchFailed', 'Error fetching forms'],
    ['emailsFetchFailed', 'Failed to fetch emails'],
    ['taskCreateFailed', 'Task creation failed!'],
    ['taskAddUser', 'Please add at least one user'],
    ['taskNoValidRecipients', 'No valid email recipients'],
    ['taskEmailSendFailed', 'An error occurred while sending the email'],
    ['organizationsFetchErrorOccurred', 'An error occurred fetching organizations'],
    ['ordersFetchErrorOccurred', 'An error occurred fetching orders'],
    ['orderCreateFailed', 'Failed to create order'],
    ['productCreateFailed', 'Failed to create the new product'],
    ['productNameRequired', 'Product name is required'],
    ['orderRequiredFields', 'Please fill in all required fields to submit'],
    ['productNotFound', 'Product not found, please select from available options'],
    ['formSubmitted', 'Form submitted successfully!'],
    ['formUpdated', 'Form updated successfully'],
    ['formDeleted', 'Form deleted successfully'],
    ['taskCreated', 'Task created successfully!'],
    ['taskUpdated', 'Task updated successfully!'],
    ['taskDeleted', 'Task deleted successfully!'],
    ['emailSentSuccessfully', 'Email sent successfully!'],
    ['orderCreated', 'Order Created!'],
    ['productCreated', 'New product created!'],
  ] as Array<[keyof typeof MESSAGES, string]>)('%s: "%s"', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it('02-5.10 "Deleting a task asks \'Are you sure you want to delete the task "{title}"? This action cannot be undone.\'"', () => {
    expect(deleteTaskConfirmation('File B1')).toBe(
      'Are you sure you want to delete the task "File B1"? This action cannot be undone.',
    );
  });

  it.each([
    ['directorRequired', 'Veuillez ajouter un directeur.'],
    ['secretaryRequired', 'Veuillez ajouter un secrétaire.'],
    ['shareholderRequired', 'Veuillez ajouter un actionnaire.'],
    ['idpalRequired', 'Veuillez compléter la certification IDPAL.'],
    ['title', 'Formulaire de création de société'],
    ['requiredPeople', 'Personnes requises'],
    ['removePerson', 'Supprimer'],
    ['addPerson', 'Ajouter une personne'],
    ['noSecretary', 'Je n’ai pas de secrétaire'],
    ['anonymousShareholder', 'Je souhaite un actionnaire anonyme'],
    ['beneficiary', 'Bénéficiaire (en\u00a0%)'],
    ['naturalPerson', 'Personne physique'],
    ['legalPerson', 'Personne morale'],
    ['submit', 'Soumettre'],
    // The review's buttons in French too, like the rest of the form.
    ['confirmSubmit', 'Confirmer et envoyer'],
    ['edit', 'Modifier'],
    ['submitted', 'Votre demande a bien été envoyée\u00a0!'],
    ['failed', 'Une erreur s’est produite'],
    [
      'peopleMaxReached',
      'Au maximum 99 personnes\u00a0: supprimez-en une pour en ajouter une autre.',
    ],
    ['thankYou', 'Merci\u00a0!'],
  ] as Array<[keyof typeof PUBLIC_FORM_MESSAGES, string]>)(
    'public form %s: "%s" (French, as given)',
    (key, text) => {
      expect(PUBLIC_FORM_MESSAGES[key]).toBe(text);
    },
  );

  it('every message is non-empty text without stray whitespace', () => {
    for (const text of [...Object.values(MESSAGES), ...Object.values(PUBLIC_FORM_MESSAGES)]) {
      expect(text.trim()).toBe(text);
      expect(text.length).toBeGreaterThan(1);
    }
  });

  it('validation messages quote the limits they enforce', () => {
    expect(MESSAGES.beneficiaryOutOfRange).toBe('Beneficiary percentage must be between 0 and 100');
    expect(MESSAGES.subscriptionPeriodOutOfRange).toBe('Period must be between 1 and 60 months');
    expect(MESSAGES.dateOutOfRange).toBe('Date must be between 2000-01-01 and 2099-12-31');
    expect(MESSAGES.passwordTooShort).toBe('Password must be at least 12 characters');
  });
});

describe('a too-long text says its limit as each language writes numbers', () => {
  it.each([0, 5, 999, 1000, 12_345, 100_000, 1_234_567])('%i', (max) => {
    expect(textTooLongMessage(max)).toBe(`At most ${max.toLocaleString('en-IE')} characters`);
    expect(textTooLongMessageFr(max)).toBe(`Au maximum ${max.toLocaleString('fr-FR')} caractères`);
  });
});
