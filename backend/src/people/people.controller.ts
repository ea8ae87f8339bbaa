import { Body, Controller, Get, Header, Query, Res } from '@nestjs/common';
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
import { JSON_TYPE, ok } from '../platform/http/envelope';
import type { Ok } from '../platform/http/envelope';
import { ListExportRoute, sendListExport } from '../platform/http/list-export';
import { IdParam } from '../platform/http/id-param.pipe';
import { PEOPLE_EXPORT } from './people.export';
import { CreatePersonDto, MergePeopleDto, UpdatePersonDto } from './dto/person.dto';
import { SearchPeopleDto } from './dto/search-people.dto';
import { PeopleService } from './people.service';
import type { PersonAnswer } from './people.service';
import type { PersonView } from './person.view';
import { ApiOk } from '../platform/http/openapi';
import { PEOPLE_DUPLICATE_GROUP, PERSON_ANSWER, PERSON_VIEW } from './people.openapi';
import { Staff } from '../platform/auth/route-access';

@ApiTags('people')
@Staff()
@Controller('people')
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @PostOk()
  @ApiOperation({ summary: 'Create a person (first and last name required)' })
  @ApiOk(PERSON_ANSWER)
  async create(@Body() dto: CreatePersonDto): Promise<Ok<PersonAnswer>> {
    return ok(await this.people.create(dto));
  }

  @ListSearch(PERSON_VIEW, 'Search, filter, sort and page the live people')
  search(@Body() dto: SearchPeopleDto): Promise<string> {
    return this.people.search(dto);
  }

  @MergeDuplicates(PERSON_ANSWER, 'person', 'links, files')
  async merge(@Body() dto: MergePeopleDto): Promise<Ok<PersonAnswer>> {
    return ok(await this.people.merge(dto));
  }

  // Declared before ':id' so "export" is not taken for an id.
  @ListExportRoute(PEOPLE_EXPORT)
  async export(@Query() query: Record<string, unknown>, @Res() response: Response): Promise<void> {
    await sendListExport(response, query, PEOPLE_EXPORT, this.people);
  }

  // Declared before ':id' so "duplicates" is not taken for an id.
  @DuplicateGroups(PEOPLE_DUPLICATE_GROUP, 'live people', 'case, accents or spacing')
  // Answers Ok<PeopleDuplicateGroup[]>, written as JSON by PostgreSQL (ADR 0080).
  @Header('Content-Type', JSON_TYPE)
  async duplicates(@Query() query: DuplicatesQueryDto): Promise<string> {
    return this.people.duplicatesJson(query.page, query.limit);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One live person' })
  @ApiOk(PERSON_VIEW)
  async get(@IdParam() id: string): Promise<Ok<PersonView>> {
    return ok(await this.people.get(id));
  }

  @UpdateById(
    PERSON_ANSWER,
    'Whole or partial update; a stale updatedAt answers 409 VERSION_CONFLICT',
  )
  async update(@IdParam() id: string, @Body() dto: UpdatePersonDto): Promise<Ok<PersonAnswer>> {
    return ok(await this.people.update(id, dto));
  }

  @DeleteOk(':id')
  @ApiOperation({
    summary: 'Soft-delete (sets deletedAt): the person leaves every search, count and link',
  })
  async remove(@IdParam() id: string): Promise<{ ok: true }> {
    await this.people.delete(id);
    return { ok: true };
  }
}
