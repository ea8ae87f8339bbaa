import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PostOk, SearchOk } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import { IdParamPipe } from '../platform/http/id-param.pipe';
import { CreateOrganizationDto, UpdateOrganizationDto } from './dto/organization.dto';
import { SearchOrganizationsDto } from './dto/search-organizations.dto';
import { OrganizationsService } from './organizations.service';

@ApiTags('organization')
@ApiBearerAuth()
@Controller('organization')
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @PostOk()
  @ApiOperation({ summary: 'Create an organization from its name' })
  async create(@Body() dto: CreateOrganizationDto) {
    return ok(await this.organizations.create(dto));
  }

  @SearchOk()
  @ApiOperation({ summary: 'Search, filter, sort and page the live organizations' })
  search(@Body() dto: SearchOrganizationsDto) {
    return this.organizations.search(dto);
  }

  @Get('duplicates')
  @ApiOperation({
    summary:
      'Groups of organizations whose names differ only by case, accents, punctuation, spacing or legal suffix',
  })
  async duplicates() {
    return ok(await this.organizations.duplicates());
  }

  @Get(':id')
  async get(@Param('id', IdParamPipe) id: string) {
    return ok(await this.organizations.get(id));
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Whole or partial update; a stale updatedAt answers 409 VERSION_CONFLICT',
  })
  async update(@Param('id', IdParamPipe) id: string, @Body() dto: UpdateOrganizationDto) {
    return ok(await this.organizations.update(id, dto));
  }

  @Delete(':id')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Soft-delete (sets deletedAt)' })
  async remove(@Param('id', IdParamPipe) id: string) {
    await this.organizations.delete(id);
    return { ok: true };
  }
}
