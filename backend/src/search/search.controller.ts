import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../platform/http/envelope';
import { GlobalSearchDto } from './dto/search.dto';
import { SearchService } from './search.service';
import { ApiOk } from '../platform/http/openapi';
import { SEARCH_RESULTS } from './search.openapi';
import { Staff } from '../platform/auth/route-access';

@ApiTags('search')
@Staff()
@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  @ApiOk(SEARCH_RESULTS)
  @ApiOperation({
    summary:
      'The top bar: at most five organizations (name, CRO), people (name, e-mail), tasks, orders and company-creation requests each; under two characters, empty lists',
  })
  async find(@Query() dto: GlobalSearchDto) {
    return ok(await this.search.find(dto.q));
  }
}
