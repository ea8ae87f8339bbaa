import { HttpStatus, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import {
  ErrorCode,
  PUBLIC_FORM_ACTOR_NAME,
  PUBLIC_FORM_MESSAGES,
  effectiveBeneficiaryPercentage,
  emptyPublicFormPerson,
  formDirectorsLabel,
  formPath,
  organizationRolesOf,
  personDuplicateKey,
  publicFormSchema,
  publicFormSubmitErrors,
} from '@registra/domain';
import type {
  FormConversion,
  FormConversionPreview,
  FormConvertedPerson,
  FormPersonView,
  OrganizationRole,
  PublicFormRole,
} from '@registra/domain';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ValidationError as YupValidationError } from 'yup';
import { LinksService } from '../links/links.service';
import { FORM_REQUEST_RECEIVED_TEMPLATE } from '../mail/mail-template-catalogue';
import { MailService } from '../mail/mail.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { PeopleService } from '../people/people.service';
import { APP_CONFIG } from '../platform/config/app-config';
import type { AppConfig } from '../platform/config/app-config';
import { parseExpectedVersion, updateWithVersion } from '../platform/database/versioned-update';
import { searchTextOf } from '../platform/database/search';
import {
  AppException,
  deletedRecord,
  FieldError,
  notFound,
  validationError,
} from '../platform/errors/app-exception';
import { flattenValidationErrors } from '../platform/errors/validation';
import { DEFAULT_PAGE_LIMIT, listSort } from '../platform/http/list-query.dto';
import { jsonPage } from '../platform/http/envelope';
import { changedEmailProblems, isCalendarDate } from '../platform/http/validators';
import { FollowUpStarter } from '../platform/ports/follow-up-starter';
import { RecordMerge } from '../platform/ports/record-merge';
import { UnitOfWork } from '../platform/database/unit-of-work';
import { AccountsService } from '../users/accounts.service';
import type {
  FormPersonDto,
  PublicFormPersonDto,
  SearchFormsDto,
  UpdateFormDto,
} from './dto/form.dto';
import { PublicFormDto } from './dto/form.dto';
import { toFormView } from './form.view';
import type { FormListRow, FormView } from './form.view';
import { FormsRepository } from './forms.repository';
import type { FormRow, NewFormRow } from './forms.schema';
import type { SearchHit } from '@registra/domain';
import { FIRST_HITS, hitsOf } from '../platform/http/search-hits';

/** Who the history names for a request sent by an anonymous visitor. */
const PUBLIC_FORM_ACTOR = { id: null, name: PUBLIC_FORM_ACTOR_NAME };

/** The organization a request becomes: "country Ireland, creation status IN_PROGRESS". */
/**
 * A client made from a request: an Irish company being formed, for prospects who wrote in French
 * (the public form is French), so its documents and mails go out in French.
 */
const NEW_CLIENT = { country: 'ireland', creationStatus: 'IN_PROGRESS', language: 'fr' } as const;
const INCORPORATION = 'INCORPORATION';

/** One person of a request as the conversion links it, with the existing person it reuses. */
interface ConversionMember {
  person: FormPersonView;
  roles: Set<PublicFormRole>;
  percentage: number;
  twin: Awaited<ReturnType<PeopleService['findTwin']>> | null;
}

const refusedInFrench = (details: FieldError[]): AppException =>
  new AppException(
    HttpStatus.BAD_REQUEST,
    ErrorCode.VALIDATION_ERROR,
    details[0]?.message ?? PUBLIC_FORM_MESSAGES.fieldInvalid,
    details,
  );

@Injectable()
export class FormsService implements OnModuleInit {
  private readonly logger = new Logger(FormsService.name);

  constructor(
    private readonly repository: FormsRepository,
    private readonly organizations: OrganizationsService,
    private readonly people: PeopleService,
    private readonly links: LinksService,
    private readonly users: AccountsService,
    private readonly mail: MailService,
    private readonly followUps: FollowUpStarter,
    private readonly recordMerge: RecordMerge,
    private readonly unitOfWork: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // Merging duplicate organizations keeps the request pointing at the kept one.
    this.recordMerge.register({
      name: 'forms',
      moveOrganization: (fromId, toId) =>
        this.repository.moveOrganization(fromId, toId, new Date()),
    });
  }

  /**
   * POST /form from an anonymous visitor, checked in this order: the shape and sizes of every
   * field, then the director, secretary, shareholder and IDPAL checks (checkPublicFormSubmit), then
   * the required fields and formats, each refusal in French. A new request tells the administrators
   * through the outbox.
   */
  async submit(body: unknown): Promise<{ stored: boolean }> {
    // A filled honeypot is a bot: answered like an accepted request, and nothing is kept.
    if (isHoneypotFilled(body)) return { stored: false };
    const dto = await this.checkShape(body);
    // Every problem at once, the role checks first (in their order), then each field's: the form
    // shows each under its field and the list above them, so one send says all there is to fix.
    const problems: FieldError[] = publicFormSubmitErrors({
      peoples: (dto.peoples ?? []).map((person) => ({ roles: person.roles ?? [] })),
      IDPAL: dto.IDPAL ?? false,
    }).map((message) => ({
      field: message === PUBLIC_FORM_MESSAGES.idpalRequired ? 'IDPAL' : 'peoples',
      message,
    }));
    const form = {
      organizationName1: dto.organizationName1 ?? '',
      organizationName2: dto.organizationName2 ?? '',
      organizationName3: dto.organizationName3 ?? '',
      description: dto.description ?? '',
      IDPAL: dto.IDPAL ?? false,
      secretaryCompany: dto.secretaryCompany ?? false,
      anonymeShareholder: dto.anonymeShareholder ?? false,
      peoples: (dto.peoples ?? []).map(toStoredPerson),
    };
    try {
      await publicFormSchema.validate(form, { abortEarly: false, strict: true });
    } catch (error) {
      if (!(error instanceof YupValidationError)) throw error;
      problems.push(
        ...error.inner.map((inner) => ({ field: yupPath(inner.path), message: inner.message })),
      );
    }
    if (problems.length > 0) throw refusedInFrench(problems);

    await this.unitOfWork.setActor(PUBLIC_FORM_ACTOR);
    const now = new Date();
    const row = await this.repository.insert({
      organizationName1: form.organizationName1,
      organizationName2: form.organizationName2,
      organizationName3: form.organizationName3,
      description: form.description,
      idpal: form.IDPAL,
      secretaryCompany: form.secretaryCompany,
      anonymeShareholder: form.anonymeShareholder,
      ...peopleColumns(form.peoples),
      searchText: formSearchText(form),
      createdAt: now,
      updatedAt: now,
    });
    await this.notifyAdministrators(row);
    return { stored: true };
  }

  async get(id: string): Promise<FormView> {
    const row = await this.repository.findLive(id);
    if (!row) throw await this.missing(id);
    return toFormView(row);
  }

  /** The top bar's search: the latest company-creation requests whose names hold the term. */
  async find(term: string): Promise<SearchHit[]> {
    const sort = { field: 'createdAt', order: 'desc' } as const;
    const items = await this.repository.firstViews({ searchBox: term }, sort, FIRST_HITS, true);
    return hitsOf<FormListRow>(items, (form) => ({
      _id: form._id,
      label: form.organizationName1,
      detail: form.directors,
    }));
  }

  /** A page of the staff list as the answer's JSON text: its lines written by PostgreSQL. */
  search(dto: SearchFormsDto): Promise<string> {
    const filters = { search: dto.search?.trim() || undefined };
    const sort = listSort(dto, 'createdAt');
    return jsonPage(dto, DEFAULT_PAGE_LIMIT, (range) =>
      this.repository.searchViews(filters, sort, range),
    );
  }

  /** Staff edit the whole request; a field left out keeps its value. */
  async update(id: string, dto: UpdateFormDto): Promise<FormView> {
    const row = await updateWithVersion<FormRow, FormRow>({
      what: 'Form',
      expected: parseExpectedVersion(dto.updatedAt),
      load: () => this.repository.findLive(id),
      write: (current, updatedAt) => {
        assertChangedMails(dto.peoples, current.peoples);
        const next = {
          organizationName1: dto.organizationName1,
          organizationName2: dto.organizationName2 ?? current.organizationName2,
          organizationName3: dto.organizationName3 ?? current.organizationName3,
          description: dto.description,
          peoples: dto.peoples ? dto.peoples.map(toStoredPerson) : current.peoples,
        };
        const values: Partial<NewFormRow> = {
          ...next,
          idpal: dto.IDPAL ?? current.idpal,
          secretaryCompany: dto.secretaryCompany ?? current.secretaryCompany,
          anonymeShareholder: dto.anonymeShareholder ?? current.anonymeShareholder,
          ...peopleColumns(next.peoples),
          searchText: formSearchText(next),
          updatedAt,
        };
        return this.repository.update(id, values, current.updatedAt);
      },
    });
    return toFormView(row);
  }

  /**
   * Staff keep the request past the prospect period (the daily retention job then lists it for
   * review instead of erasing it), or stop keeping it. The request's last change is not moved:
   * the period still counts from what the prospect or staff last changed. The history records
   * who and when.
   */
  async keep(id: string, kept: boolean): Promise<FormView> {
    const row = await this.repository.setKept(id, kept);
    if (!row) throw await this.missing(id);
    return toFormView(row);
  }

  /** Soft delete: the request leaves the list; the change history keeps it. */
  async delete(id: string): Promise<void> {
    if (!(await this.repository.softDelete(id, new Date()))) throw notFound('Form');
  }

  /**
   * GET /form/{id}/conversion: what POST /form/{id}/convert would create now, read only. The
   * same plan as the conversion (checks, people merged by duplicate key, twins looked up), so
   * what the confirmation shows and what the click creates cannot disagree.
   */
  async conversionPreview(id: string): Promise<FormConversionPreview> {
    const form = await this.repository.findLive(id);
    if (!form) throw await this.missing(id);
    const plan = await this.conversionPlan(form);
    return {
      organizationName: form.organizationName1,
      people: plan.length,
      reused: plan.filter((member) => member.twin).length,
      links: plan.length,
      followUp: this.followUps.available ? INCORPORATION : null,
    };
  }

  /**
   * POST /form/{id}/convert, in the request's one transaction: the organization, each person (an
   * existing one with the same duplicate key is reused, not twinned), their links with roles and
   * beneficiary percentages, an INCORPORATION follow-up when that module is present, and the
   * request marked with the organization it became. A second conversion answers 409.
   */
  async convert(id: string): Promise<FormConversion> {
    const form = await this.repository.findLiveForUpdate(id);
    if (!form) throw await this.missing(id);
    const plan = await this.conversionPlan(form);

    const organization = await this.organizations.createFromRequest({
      name: form.organizationName1,
      businessActivity: form.description.trim() || null,
      ...NEW_CLIENT,
    });

    const people: FormConvertedPerson[] = [];
    for (const { person, roles, percentage, twin } of plan) {
      const personId = twin ? twin._id : (await this.people.create(newPersonOf(person)))._id;
      people.push({
        _id: personId,
        firstName: twin?.firstName ?? person.firstName,
        lastName: twin?.lastName ?? person.lastName,
        reused: Boolean(twin),
      });
      const linkRoles: OrganizationRole[] = organizationRolesOf([...roles]);
      await this.links.create({
        peopleId: personId,
        organizationId: organization._id,
        roles: linkRoles,
        beneficiaryPercentage: linkRoles.includes('shareholder') ? Math.min(percentage, 100) : 0,
      });
    }

    const followUpId = this.followUps.available
      ? (await this.followUps.start(organization._id, INCORPORATION))._id
      : null;
    await this.repository.markConverted(form.id, organization._id, new Date());
    return {
      organizationId: organization._id,
      organizationName: organization.name,
      people,
      followUpId,
    };
  }

  /**
   * What a request becomes, shared by the preview and the conversion: refused when already
   * converted (409) or when a person has no name (400); otherwise one member per duplicate key
   * (the same person twice is one person with both roles) with the existing person it reuses.
   */
  private async conversionPlan(form: FormRow): Promise<ConversionMember[]> {
    if (form.organizationId) {
      throw new AppException(
        HttpStatus.CONFLICT,
        ErrorCode.FORM_ALREADY_CONVERTED,
        'This request has already been turned into an organization.',
        undefined,
        undefined,
        { organizationId: form.organizationId },
      );
    }
    const unnamed = form.peoples.flatMap((person, index) =>
      person.firstName.trim() && person.lastName.trim()
        ? []
        : [{ field: `peoples.${index}`, message: 'A person needs a first and a last name' }],
    );
    if (unnamed.length > 0) {
      throw new AppException(
        HttpStatus.BAD_REQUEST,
        ErrorCode.VALIDATION_ERROR,
        'Every person of the request needs a first and a last name before it becomes a client',
        unnamed,
      );
    }
    const members = new Map<string, ConversionMember>();
    for (const person of form.peoples) {
      const key = personDuplicateKey(person.firstName, person.lastName);
      const member = members.get(key) ?? { person, roles: new Set(), percentage: 0, twin: null };
      person.roles.forEach((role) => member.roles.add(role));
      member.percentage += effectiveBeneficiaryPercentage(
        person.roles,
        person.beneficiaryPercentage,
      );
      members.set(key, member);
    }
    for (const member of members.values()) {
      member.twin =
        (await this.people.findTwin(member.person.firstName, member.person.lastName)) ?? null;
    }
    return [...members.values()];
  }

  /** 404 for a request that is not live; a deleted one says so (`deleted: true`). */
  private async missing(id: string): Promise<AppException> {
    return (await this.repository.isDeleted(id)) ? deletedRecord('Form') : notFound('Form');
  }

  /** Types, sizes and markup of an anonymous body, refused in French with the field named. */
  private async checkShape(body: unknown): Promise<PublicFormDto> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw refusedInFrench([{ field: 'body', message: PUBLIC_FORM_MESSAGES.fieldInvalid }]);
    }
    const dto = plainToInstance(PublicFormDto, body);
    const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length > 0) {
      throw refusedInFrench(
        flattenValidationErrors(errors).map((error) => ({
          field: error.field,
          message:
            error.message === 'is not an accepted field'
              ? PUBLIC_FORM_MESSAGES.fieldNotAccepted
              : error.message,
        })),
      );
    }
    return dto;
  }

  /** One e-mail per administrator, through the outbox, committed with the request. */
  private async notifyAdministrators(row: FormRow): Promise<void> {
    const admins = await this.users.findLiveAdmins();
    if (admins.length === 0) {
      this.logger.warn('A company-creation request arrived and no administrator can be told');
    }
    for (const admin of admins) {
      await this.mail.queueToUser(admin, {
        templateId: FORM_REQUEST_RECEIVED_TEMPLATE,
        params: {
          organizationName1: row.organizationName1,
          organizationName2: row.organizationName2,
          organizationName3: row.organizationName3,
          members: String(row.members),
          directors: row.directors,
          link: `${this.config.appUrl}${formPath(row.id)}`,
        },
      });
    }
  }
}

/** The hidden field people never see and bots fill ('website'). */
const isHoneypotFilled = (body: unknown): boolean => {
  const value = (body as { website?: unknown } | null)?.website;
  return value !== undefined && value !== null && value !== '' && value !== false;
};

/** yup's "peoples[0].firstName" as the API names fields: "peoples.0.firstName". */
const yupPath = (path: string | undefined): string => (path ?? 'body').replace(/\[(\d+)\]/g, '.$1');

/** A person as stored: every field of the form present, text trimmed, defaults filled. */
/**
 * The people's e-mails staff send, each checked by the one address rule unless the request
 * already holds it (ADR 0134): a request received with an address the rule now refuses is still
 * edited on its other fields.
 */
function assertChangedMails(
  peoples: readonly FormPersonDto[] | undefined,
  stored: readonly FormPersonView[],
): void {
  const held = new Set(stored.map((person) => person.mail.trim()));
  const problems = changedEmailProblems(
    (peoples ?? []).map((person, index) => ({
      field: `peoples.${index}.mail`,
      next: person.mail,
      stored: held.has(person.mail?.trim() ?? '') ? person.mail : undefined,
    })),
  );
  if (problems.length > 0) throw validationError(problems, problems[0].message);
}

function toStoredPerson(input: PublicFormPersonDto | FormPersonDto): FormPersonView {
  const empty = emptyPublicFormPerson();
  const text = (value: string | undefined) => value?.trim() ?? '';
  return {
    roles: [...new Set(input.roles ?? empty.roles)],
    personType: input.personType ?? empty.personType,
    beneficiaryPercentage: input.beneficiaryPercentage ?? empty.beneficiaryPercentage,
    secretaryCompany: input.secretaryCompany ?? empty.secretaryCompany,
    anonymeShareholder: input.anonymeShareholder ?? empty.anonymeShareholder,
    KBIS: text(input.KBIS),
    authorizedPerson_name: text(input.authorizedPerson_name),
    authorizedPerson_address: text(input.authorizedPerson_address),
    firstName: text(input.firstName),
    lastName: text(input.lastName),
    mail: text(input.mail),
    phone: text(input.phone),
    birth: text(input.birth),
    nationality: text(input.nationality),
    street: text(input.street),
    city: text(input.city),
    state: text(input.state),
    country: text(input.country),
    zip: text(input.zip),
  };
}

/** The people and the list's Members and Directors columns, kept together. */
const peopleColumns = (peoples: FormPersonView[]) => ({
  peoples,
  members: peoples.length,
  directors: formDirectorsLabel(peoples),
});

const formSearchText = (form: {
  organizationName1: string;
  organizationName2: string;
  organizationName3: string;
  peoples: FormPersonView[];
}): string =>
  searchTextOf(
    form.organizationName1,
    form.organizationName2,
    form.organizationName3,
    ...form.peoples.flatMap((person) => [person.firstName, person.lastName]),
  );

/** The person record a request's person becomes (a legal person's details go in the comments). */
function newPersonOf(person: FormPersonView) {
  const text = (value: string) => value.trim() || null;
  const country = person.country.trim().toLowerCase() || null;
  const legalPerson =
    person.personType === 'legalPerson'
      ? [
          'Legal person (company-creation request)',
          person.KBIS && `Company registration number (KBIS): ${person.KBIS}`,
          person.authorizedPerson_name && `Authorized person: ${person.authorizedPerson_name}`,
          person.authorizedPerson_address &&
            `Authorized person's address: ${person.authorizedPerson_address}`,
        ]
          .filter(Boolean)
          .join('\n')
      : null;
  return {
    firstName: person.firstName.trim(),
    lastName: person.lastName.trim(),
    mail: text(person.mail),
    phone: text(person.phone),
    birth: isCalendarDate(person.birth) ? person.birth : null,
    nationality: text(person.nationality),
    country,
    addressStreet1: text(person.street),
    addressCity1: text(person.city),
    addressState1: text(person.state),
    addressZip1: text(person.zip),
    addressCountry1: country,
    comments: legalPerson,
  };
}
