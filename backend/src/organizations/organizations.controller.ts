import { Body, Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DeleteOk,
  DuplicateGroups,
  ListSearch,
  MergeDuplicates,
  PostOk,
  UpdateById,
} from '../platform/http/decorators';
import { DuplicatesQueryDto } from '../platform/http/list-query.dto';
import { ok } from '../platform/http/envelope';
import { ListExportRoute, sendListExport } from '../platform/http/list-export';
import { IdParam } from '../platform/http/id-param.pipe';
import { ORGANIZATION_EXPORT } from './organizations.export';
import {
  CreateOrganizationDto,
  MergeOrganizationsDto,
  UpdateOrganizationDto,
} from './dto/organization.dto';
import { SearchOrganizationsDto } from './dto/search-organizations.dto';
import { OrganizationsService } from './organizations.service';
import { ApiOk } from '../platform/http/openapi';
import {
  ORGANIZATION_ANSWER,
  ORGANIZATION_DUPLICATE_GROUP,
  ORGANIZATION_VIEW,
} from './organizations.openapi';
import { Staff } from '../platform/auth/route-access';

@ApiTags('organization')
@Staff()
@Controller('organization')
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @PostOk()
  @ApiOperation({ summary: 'Create an organization from its name' })
  @ApiOk(ORGANIZATION_VIEW)
  async create(@Body() dto: CreateOrganizationDto) {
    return ok(await this.organizations.create(dto));
  }

  @ListSearch(ORGANIZATION_VIEW, 'Search, filter, sort and page the live organizations')
  search(@Body() dto: SearchOrganizationsDto): Promise<string> {
    return this.organizations.search(dto);
  }

  @MergeDuplicates(ORGANIZATION_ANSWER, 'organization', 'notes, members, files')
  async merge(@Body() dto: MergeOrganizationsDto) {
    return ok(await this.organizations.merge(dto));
  }

  // Declared before ':id' so "export" is not taken for an id.
  @ListExportRoute(ORGANIZATION_EXPORT)
  async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    await sendListExport(response, query, ORGANIZATION_EXPORT, this.organizations);
  }

  @DuplicateGroups(
    ORGANIZATION_DUPLICATE_GROUP,
    'organizations',
    'case, accents, punctuation, spacing or legal suffix',
  )
  async duplicates(@Query() query: DuplicatesQueryDto) {
    return this.organizations.duplicates(query.page, query.limit);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One live organization, with its active follow-ups' })
  @ApiOk(ORGANIZATION_VIEW)
  async get(@IdParam() id: string) {
    return ok(await this.organizations.get(id));
  }

  @UpdateById(
    ORGANIZATION_ANSWER,
    'Whole or partial update; a stale updatedAt answers 409 VERSION_CONFLICT',
  )
  async update(@IdParam() id: string, @Body() dto: UpdateOrganizationDto) {
    return ok(await this.organizations.update(id, dto));
  }

  @DeleteOk(':id')
  @ApiOperation({ summary: 'Soft-delete (sets deletedAt)' })
  async remove(@IdParam() id: string) {
    await this.organizations.delete(id);
    return { ok: true };
  }
}
