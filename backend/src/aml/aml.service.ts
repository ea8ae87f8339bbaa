import { Injectable, OnModuleInit } from '@nestjs/common';
import {
  BENEFICIAL_OWNER_THRESHOLD_PERCENT,
  SHAREHOLDING_TOTAL_PERCENT,
  countryLabel,
  todayInDublin,
} from '@registra/domain';
import type {
  AmlRecord,
  BeneficialOwner,
  BeneficialOwnerRegister,
  OrganizationView,
} from '@registra/domain';
import type { Writable } from 'node:stream';
import { MailDigestService } from '../mail/mail-digest.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { writeAmlFile } from './aml-file.pdf';
import { AmlRepository } from './aml.repository';
import type { ShareholderRow } from './aml.repository';

const toOwner = (row: ShareholderRow): BeneficialOwner => ({
  personId: row.personId,
  linkId: row.linkId,
  firstName: row.firstName,
  lastName: row.lastName,
  birth: row.birth,
  nationality: row.nationality,
  country: row.country,
  address: [row.street, row.zip, row.city, row.state, countryLabel(row.addressCountry)]
    .filter(Boolean)
    .join(', '),
  mail: row.mail,
  pps: row.pps,
  roles: row.roles,
  beneficiaryPercentage: Number(row.beneficiaryPercentage),
});

/**
 * AML beyond the appendices' own save (which the organization's update does): the printable file,
 * the beneficial-owner register and the review reminders of the daily digest (ADR 0085).
 */
@Injectable()
export class AmlService implements OnModuleInit {
  constructor(
    private readonly repository: AmlRepository,
    private readonly organizations: OrganizationsService,
    private readonly digest: MailDigestService,
  ) {}

  onModuleInit(): void {
    // Each assigned user's reviews due today or overdue, in the 07:00 digest.
    this.digest.addSource({
      name: 'AML reviews',
      entriesFor: async (userId, { date }) =>
        (await this.repository.reviewsDueForUser(userId, date)).map((row) => ({
          name: row.name,
          items: [{ label: 'AML review', date: row.nextReview, late: row.nextReview < date }],
        })),
    });
  }

  /**
   * The AML file of a live organization: loaded first, so that a missing one answers 404 before
   * any byte, then written as a PDF into the response as it is laid out.
   */
  async amlFile(
    organizationId: string,
    asOf?: string,
  ): Promise<{ fileName: string; write: (out: Writable) => void }> {
    const organization = await this.organizations.get(organizationId);
    const aml = asOf ? await this.amlAsOf(organization, asOf) : (organization.aml as AmlRecord);
    const slug = organization.name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase();
    return {
      fileName: `aml-${slug || 'organization'}${asOf ? `-${asOf}` : ''}.pdf`,
      write: (out) =>
        writeAmlFile({ name: organization.name, cro: organization.cro, aml, asOf }, out),
    };
  }

  /**
   * The AML as it stood at the end of a past day (Dublin), from the change history: what an
   * inspector asks to see. Empty before the organization existed.
   */
  async amlOn(organizationId: string, day: string): Promise<AmlRecord> {
    return this.amlAsOf(await this.organizations.get(organizationId), day);
  }

  private async amlAsOf(organization: OrganizationView, day: string): Promise<AmlRecord> {
    if (todayInDublin(new Date(organization.createdAt)) > day) return {};
    return ((await this.repository.amlAsOf(organization._id, day)) ??
      organization.aml) as AmlRecord;
  }

  /**
   * The register of beneficial owners: shareholders holding over 25 % (exactly 25 % is not over
   * the threshold), and whether the shareholders' percentages sum to 100 %.
   */
  async beneficialOwners(organizationId: string): Promise<BeneficialOwnerRegister> {
    const organization = await this.organizations.get(organizationId);
    const shareholders = (await this.repository.shareholders(organizationId)).map(toOwner);
    // Cents, so that 33.33 + 33.33 + 33.34 is exactly 100.
    const totalCents = shareholders.reduce(
      (sum, owner) => sum + Math.round(owner.beneficiaryPercentage * 100),
      0,
    );
    return {
      organizationId: organization._id,
      organizationName: organization.name,
      cro: organization.cro,
      thresholdPercent: BENEFICIAL_OWNER_THRESHOLD_PERCENT,
      owners: shareholders.filter(
        (owner) => owner.beneficiaryPercentage > BENEFICIAL_OWNER_THRESHOLD_PERCENT,
      ),
      shareholdingTotal: totalCents / 100,
      shareholders: shareholders.length,
      shareholdingComplete: totalCents === SHAREHOLDING_TOTAL_PERCENT * 100,
    };
  }
}
