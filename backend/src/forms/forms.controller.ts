import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DeleteOk, ListSearch, PostOk, UpdateById } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import { IdParam } from '../platform/http/id-param.pipe';
import { KeepFormDto, PublicFormDto, SearchFormsDto, UpdateFormDto } from './dto/form.dto';
import { FormsService } from './forms.service';
import { PublicFormRateLimitGuard } from './public-form-rate-limit.guard';
import { ApiDone, ApiFails, ApiOk } from '../platform/http/openapi';
import {
  FORM_CONVERSION,
  FORM_CONVERSION_PREVIEW,
  FORM_LIST_ROW,
  FORM_VIEW,
} from './forms.openapi';
import { Public, Staff } from '../platform/auth/route-access';

@ApiTags('form')
@Staff()
@Controller('form')
export class FormsController {
  constructor(private readonly forms: FormsService) {}

  /**
   * The body is read as plain JSON (no global pipe) so that every check, in its order and
   * in French, is the service's; see PublicFormDto for the fields.
   */
  @Public()
  @UseGuards(PublicFormRateLimitGuard)
  @PostOk()
  @ApiDone()
  @ApiFails(429)
  @ApiBody({ type: PublicFormDto })
  @ApiOperation({
    summary:
      'Public (no token): a company-creation request from the French form. 400 with the French message of the first failed check (director, secretary, shareholder, IDPAL, then the fields); 413 over 512 KB; 429 past the hourly posts of one address',
  })
  async submit(@Body() body: Record<string, unknown>) {
    await this.forms.submit(body);
    return { ok: true };
  }

  @ListSearch(
    FORM_LIST_ROW,
    'Staff list: search over the three names and the people, sorted (createdAt desc by default) and paged; each row has members and directors',
  )
  search(@Body() dto: SearchFormsDto): Promise<string> {
    return this.forms.search(dto);
  }

  @PostOk(':id/convert')
  @ApiOk(FORM_CONVERSION)
  @ApiFails(409)
  @ApiOperation({
    summary:
      'Turn the request into a client: organization, people (existing ones reused by duplicate key), links, INCORPORATION follow-up; twice: 409 FORM_ALREADY_CONVERTED',
  })
  async convert(@IdParam() id: string) {
    return ok(await this.forms.convert(id));
  }

  @Get(':id/conversion')
  @ApiOk(FORM_CONVERSION_PREVIEW)
  @ApiFails(409)
  @ApiOperation({
    summary:
      'Read only: what convert would create now (organization name, people, of which reused, links, follow-up); the same 409/400 as convert',
  })
  async conversionPreview(@IdParam() id: string) {
    return ok(await this.forms.conversionPreview(id));
  }

  @Get(':id')
  @ApiOk(FORM_VIEW)
  @ApiOperation({ summary: 'One company-creation request with its people' })
  async get(@IdParam() id: string) {
    return ok(await this.forms.get(id));
  }

  @UpdateById(
    FORM_VIEW,
    'The whole request (name 1 and description required); stale updatedAt: 409',
  )
  async update(@IdParam() id: string, @Body() dto: UpdateFormDto) {
    return ok(await this.forms.update(id, dto));
  }

  @Put(':id/keep')
  @ApiOk(FORM_VIEW)
  @ApiOperation({
    summary:
      'Keep the request past the prospect period (kept: true): the daily retention job lists it in the retention review instead of erasing it; false stops keeping it. Its last change stays as it was; the history records who and when',
  })
  async keep(@IdParam() id: string, @Body() dto: KeepFormDto) {
    return ok(await this.forms.keep(id, dto.kept));
  }

  @DeleteOk(':id')
  @ApiOperation({ summary: 'Soft delete: the request leaves the list' })
  async remove(@IdParam() id: string) {
    await this.forms.delete(id);
    return { ok: true };
  }
}
