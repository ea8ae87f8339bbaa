import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Param,
  Put,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PostOk, SearchOk } from '../platform/http/decorators';
import { JSON_TYPE, ok, okJsonText } from '../platform/http/envelope';
import type { Ok, Page } from '../platform/http/envelope';
import { IdParamPipe } from '../platform/http/id-param.pipe';
import { CreatePersonDto, UpdatePersonDto } from './dto/person.dto';
import { SearchPeopleDto } from './dto/search-people.dto';
import { PeopleService } from './people.service';
import type { PersonAnswer } from './people.service';
import type { PersonView } from './person.view';

@ApiTags('people')
@ApiBearerAuth()
@Controller('people')
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @PostOk()
  @ApiOperation({ summary: 'Create a person (first and last name required)' })
  async create(@Body() dto: CreatePersonDto): Promise<Ok<PersonAnswer>> {
    return ok(await this.people.create(dto));
  }

  @SearchOk()
  @ApiOperation({ summary: 'Search, filter, sort and page the live people' })
  search(@Body() dto: SearchPeopleDto): Promise<Page<PersonView>> {
    return this.people.search(dto);
  }

  // Declared before ':id' so "duplicates" is not taken for an id.
  @Get('duplicates')
  @ApiOperation({
    summary: 'Groups of live people whose names differ only by case, accents or spacing',
  })
  // Answers Ok<PeopleDuplicateGroup[]>, written as JSON by PostgreSQL (ADR 0080).
  @Header('Content-Type', JSON_TYPE)
  async duplicates(): Promise<string> {
    return okJsonText(await this.people.duplicatesJson());
  }

  @Get(':id')
  @ApiOperation({ summary: 'One live person' })
  async get(@Param('id', IdParamPipe) id: string): Promise<Ok<PersonView>> {
    return ok(await this.people.get(id));
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Whole or partial update; a stale updatedAt answers 409 VERSION_CONFLICT',
  })
  async update(
    @Param('id', IdParamPipe) id: string,
    @Body() dto: UpdatePersonDto,
  ): Promise<Ok<PersonAnswer>> {
    return ok(await this.people.update(id, dto));
  }

  @Delete(':id')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Soft-delete (sets deletedAt): the person leaves every search, count and link',
  })
  async remove(@Param('id', IdParamPipe) id: string): Promise<{ ok: true }> {
    await this.people.delete(id);
    return { ok: true };
  }
}
