import { Body, Controller, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DeleteOk, PostOk, SearchOk } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import type { Ok } from '../platform/http/envelope';
import { IdParamPipe } from '../platform/http/id-param.pipe';
import { CreateLinkDto, UpdateLinkDto } from './dto/link.dto';
import { SearchLinksDto } from './dto/search-links.dto';
import type { LinkView, LinkWithOrganization, LinkWithPerson } from './link.view';
import { LinksService } from './links.service';

@ApiTags('linkpeopleorganization')
@ApiBearerAuth()
@Controller('linkpeopleorganization')
export class LinksController {
  constructor(private readonly links: LinksService) {}

  @PostOk()
  @ApiOperation({
    summary: 'Link a person to an organization; an existing pair answers 409 LINK_ALREADY_EXISTS',
  })
  async create(@Body() dto: CreateLinkDto): Promise<Ok<LinkView>> {
    return ok(await this.links.create(dto));
  }

  @SearchOk()
  @ApiOperation({
    summary:
      "A person's links (organizationId populated) or an organization's links (peopleId populated, optionally by roles)",
  })
  async search(
    @Body() dto: SearchLinksDto,
  ): Promise<Ok<LinkWithOrganization[] | LinkWithPerson[]>> {
    return ok(await this.links.search(dto));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change roles and beneficiary percentage' })
  async update(
    @Param('id', IdParamPipe) id: string,
    @Body() dto: UpdateLinkDto,
  ): Promise<Ok<LinkView>> {
    return ok(await this.links.update(id, dto));
  }

  @DeleteOk(':id')
  @ApiOperation({ summary: 'Unlink (the link is deleted)' })
  async remove(@Param('id', IdParamPipe) id: string): Promise<{ ok: true }> {
    await this.links.delete(id);
    return { ok: true };
  }
}
