// The web client's own types checked, at compile time, against the types openapi-typescript
// generates from the server's OpenAPI document (scripts/check-openapi.mjs, part of `npm test`).
// Each pair must be assignable both ways: a field that one side adds, drops, renames, retypes or
// makes optional fails `tsc -p frontend/openapi`.
import type { SessionAnswer, SigninRequest } from '../src/features/auth/api';
import type { ListAnswer, OkAnswer } from '../src/types/api';
import type { Organization } from '../src/features/organizations/types';
import type { Person } from '../src/types/records';
import type { RetentionReview } from '../src/features/privacy/api';
import type * as Domain from '@registra/domain';
import type { components, paths } from './generated/registra-api';

/** The JSON body of an operation's 200 answer. */
type Answer<Operation> = Operation extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

/** The JSON body an operation takes. */
type Body<Operation> = Operation extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** True when each type is assignable to the other (no field missing, extra or retyped). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Fails to compile unless its argument is `true`. */
type Holds<Check extends true> = Check;

export type Contract = [
  // GET /api/organization/{id}: the organization record.
  Holds<Same<OkAnswer<Organization>, Answer<paths['/api/organization/{id}']['get']>>>,
  // POST /api/people/search: one page of people.
  Holds<Same<ListAnswer<Person>, Answer<paths['/api/people/search']['post']>>>,
  // POST /api/user/signin: the credentials and the session answer.
  Holds<Same<SigninRequest, Body<paths['/api/user/signin']['post']>>>,
  Holds<Same<SessionAnswer, Answer<paths['/api/user/signin']['post']>>>,
  // GET /api/retention-review: the prepared review, its three groups and when.
  Holds<Same<OkAnswer<RetentionReview>, Answer<paths['/api/retention-review']['get']>>>,
  // Answers the contract types whole: fields beside `data`.
  Holds<Same<Domain.CalendarAnswer, Answer<paths['/api/calendar']['get']>>>,
  Holds<Same<Domain.ProductSearchAnswer, Answer<paths['/api/product/search']['post']>>>,
  Holds<
    Same<
      Domain.Page<Domain.FollowUpView> & { summary: Domain.FollowUpSummary },
      Answer<paths['/api/followUp/search']['post']>
    >
  >,
];

/**
 * Every record shape the document names after a type of the shared contract
 * (libs/domain/src/contract), which the web client's API slices use: the same both ways.
 */
interface SharedContract {
  AnnualReturnAnswer: Domain.AnnualReturnAnswer;
  AnnualReturnStartPreview: Domain.AnnualReturnStartPreview;
  AssignedUser: Domain.AssignedUser;
  AttachedFile: Domain.AttachedFile;
  AuditChange: Domain.AuditChange;
  AuditEntryView: Domain.AuditEntryView;
  BeneficialOwner: Domain.BeneficialOwner;
  BeneficialOwnerRegister: Domain.BeneficialOwnerRegister;
  BeneficialOwnerRegisterEntry: Domain.BeneficialOwnerRegisterEntry;
  CalendarFeedView: Domain.CalendarFeedView;
  CalendarItem: Domain.CalendarItem;
  DuplicatePerson: Domain.DuplicatePerson;
  Failure: Domain.Failure;
  FieldError: Domain.FieldError;
  FileView: Domain.FileView;
  FirmSettingsView: Domain.FirmSettingsView;
  FollowUpHistoryEntry: Domain.FollowUpHistoryEntry;
  FollowUpSummary: Domain.FollowUpSummary;
  FollowUpView: Domain.FollowUpView;
  FormConversion: Domain.FormConversion;
  FormConvertedPerson: Domain.FormConvertedPerson;
  FormListRow: Domain.FormListRow;
  FormPersonView: Domain.FormPersonView;
  FormView: Domain.FormView;
  ImportCheckView: Domain.ImportCheckView;
  ImportDuplicate: Domain.ImportDuplicate;
  ImportRowError: Domain.ImportRowError;
  ImportUndoView: Domain.ImportUndoView;
  ImportUploadView: Domain.ImportUploadView;
  ImportView: Domain.ImportView;
  LinkView: Domain.LinkView;
  LinkWithOrganization: Domain.LinkWithOrganization;
  LinkWithPerson: Domain.LinkWithPerson;
  MailActivityView: Domain.MailActivityView;
  MemberRegisterEntry: Domain.MemberRegisterEntry;
  OfficerRegisterEntry: Domain.OfficerRegisterEntry;
  OrderView: Domain.OrderView;
  OrganizationDuplicateGroup: Domain.OrganizationDuplicateGroup;
  OrganizationFollowUp: Domain.OrganizationFollowUp;
  OrganizationView: Domain.OrganizationView;
  OverviewView: Domain.OverviewView;
  PaymentHistoryEntry: Domain.PaymentHistoryEntry;
  PeopleDuplicateGroup: Domain.PeopleDuplicateGroup;
  PersonView: Domain.PersonView;
  ProductView: Domain.ProductView;
  RegisterAnswer: Domain.RegisterAnswer;
  SearchHit: Domain.SearchHit;
  SearchResults: Domain.SearchResults;
  ShareClassView: Domain.ShareClassView;
  ShareEntryView: Domain.ShareEntryView;
  SubscriptionView: Domain.SubscriptionView;
  TaskView: Domain.TaskView;
  UserSessionView: Domain.UserSessionView;
  UserView: Domain.UserView;
}

/** The names whose two shapes differ. */
type Drifted = {
  [Name in keyof SharedContract]: Same<
    components['schemas'][Name],
    SharedContract[Name]
  > extends true
    ? never
    : Name;
}[keyof SharedContract];

/** Fails to compile, naming them, unless no name is given. */
type NoneOf<Names extends never> = Names;

export type SharedContractHolds = NoneOf<Drifted>;
