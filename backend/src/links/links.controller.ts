import { Body, Controller, Get, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { sendCsv } from '../platform/http/csv';
import type { CsvColumn } from '../platform/http/csv';
import type { RoleExportLine } from './links.repository';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { csvFileName, formatDate } from '@registra/domain';
import { DeleteOk, PostOk, SearchOk } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import type { Ok } from '../platform/http/envelope';
import { IdParam } from '../platform/http/id-param.pipe';
import { CreateLinkDto, UpdateLinkDto } from './dto/link.dto';
import { SearchLinksDto } from './dto/search-links.dto';
import type { LinkView, LinkWithOrganization, LinkWithPerson } from './link.view';
import { LinksService } from './links.service';
import { api, ApiFails, ApiFile, ApiOk } from '../platform/http/openapi';
import { LINK_VIEW, LINK_WITH_ORGANIZATION, LINK_WITH_PERSON } from './links.openapi';
import { Staff } from '../platform/auth/route-access';

/**
 * The roles as CSV, headed as the import reads them back (a roles import of this file into an
 * empty book links the same people to the same organizations, and allots each member what they
 * hold today).
 */
export const ROLES_CSV_COLUMNS: CsvColumn<RoleExportLine>[] = [
  { header: 'Organization', value: (row) => row.organizationName },
  { header: 'CRO', value: (row) => row.cro },
  { header: 'First Name', value: (row) => row.firstName },
  { header: 'Last Name', value: (row) => row.lastName },
  { header: 'Roles', value: (row) => row.roles.join(', ') },
  { header: 'Beneficiary percentage', value: (row) => row.beneficiaryPercentage },
  { header: 'Appointed', value: (row) => (row.appointedOn ? formatDate(row.appointedOn) : '') },
  { header: 'Ceased', value: (row) => (row.ceasedOn ? formatDate(row.ceasedOn) : '') },
  { header: 'Shares', value: (row) => row.shares },
  { header: 'Class', value: (row) => row.shareClass },
];

@ApiTags('linkpeopleorganization')
@Staff()
@Controller('linkpeopleorganization')
export class LinksController {
  constructor(private readonly links: LinksService) {}

  @PostOk()
  @ApiOk(LINK_VIEW)
  @ApiFails(404, 409)
  @ApiOperation({
    summary: 'Link a person to an organization; an existing pair answers 409 LINK_ALREADY_EXISTS',
  })
  async create(@Body() dto: CreateLinkDto): Promise<Ok<LinkView>> {
    return ok(await this.links.create(dto));
  }

  @SearchOk()
  // anyOf: an empty list is either.
  @ApiOk({ anyOf: [api.array(LINK_WITH_ORGANIZATION), api.array(LINK_WITH_PERSON)] })
  @ApiOperation({
    summary:
      "A person's links (organizationId populated) or an organization's links (peopleId populated, optionally by roles)",
  })
  async search(
    @Body() dto: SearchLinksDto,
  ): Promise<Ok<LinkWithOrganization[] | LinkWithPerson[]>> {
    return ok(await this.links.search(dto));
  }

  @Get('export')
  @ApiFile('text/csv', 'Every role, one a line')
  @ApiOperation({
    summary:
      "Every person's roles in every organization as CSV (organization, CRO, names, roles, beneficiary percentage, dates, shares held and their class), streamed",
  })
  async export(@Res() response: Response): Promise<void> {
    await sendCsv(response, {
      fileName: csvFileName('roles'),
      columns: ROLES_CSV_COLUMNS,
      rows: (onBatch) => this.links.exportInBatches(onBatch),
    });
  }

  @Put(':id')
  @ApiOk(LINK_VIEW)
  @ApiFails(409)
  @ApiOperation({
    summary:
      'Change roles, beneficiary percentage, dates or interest; a stale updatedAt answers 409 VERSION_CONFLICT',
  })
  async update(@IdParam() id: string, @Body() dto: UpdateLinkDto): Promise<Ok<LinkView>> {
    return ok(await this.links.update(id, dto));
  }

  @DeleteOk(':id')
  @ApiOperation({ summary: 'Unlink (the link is deleted)' })
  async remove(@IdParam() id: string): Promise<{ ok: true }> {
    await this.links.delete(id);
    return { ok: true };
  }
}
