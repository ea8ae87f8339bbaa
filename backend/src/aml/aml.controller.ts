import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  countryLabel,
  csvFileName,
  formatDate,
  nationalityLabel,
  todayInDublin,
} from '@registra/domain';
import type { BeneficialOwner } from '@registra/domain';
import type { Response } from 'express';
import { sendCsv } from '../platform/http/csv';
import type { CsvColumn } from '../platform/http/csv';
import { ok } from '../platform/http/envelope';
import { IdParam } from '../platform/http/id-param.pipe';
import { validationError } from '../platform/errors/app-exception';
import { isCalendarDate } from '../platform/http/validators';
import { AmlService } from './aml.service';
import { ApiFile, ApiOk, okEnvelope } from '../platform/http/openapi';
import { AML_AS_OF, BENEFICIAL_OWNER_REGISTER } from './aml.openapi';
import { Staff } from '../platform/auth/route-access';

const REGISTER_COLUMNS: CsvColumn<BeneficialOwner>[] = [
  { header: 'First name', value: (owner) => owner.firstName },
  { header: 'Last name', value: (owner) => owner.lastName },
  { header: 'Date of birth', value: (owner) => formatDate(owner.birth) },
  { header: 'Nationality', value: (owner) => nationalityLabel(owner.nationality) },
  { header: 'Country of residence', value: (owner) => countryLabel(owner.country) },
  { header: 'Address', value: (owner) => owner.address },
  { header: 'PPS', value: (owner) => owner.pps },
  { header: 'E-mail', value: (owner) => owner.mail },
  { header: 'Beneficial ownership (%)', value: (owner) => owner.beneficiaryPercentage.toFixed(2) },
];

/** A past day to read the AML on: YYYY-MM-DD, not after today (400 otherwise). */
function asOfDay(at: string | undefined): string | undefined {
  if (at === undefined || at === '') return undefined;
  if (!isCalendarDate(at, '2000-01-01', todayInDublin())) {
    throw validationError([
      { field: 'at', message: 'at must be a date written YYYY-MM-DD, today or before' },
    ]);
  }
  return at;
}

@ApiTags('organization')
@Staff()
@Controller('organization')
export class AmlController {
  constructor(private readonly aml: AmlService) {}

  @Get(':id/aml.pdf')
  @ApiFile('application/pdf', "The organization's AML file")
  @ApiProduces('application/pdf')
  @ApiOperation({
    summary:
      "The organization's AML file: the four appendices, score, risk level, reviewer and dates, as a printable PDF (streamed)",
  })
  @ApiQuery({
    name: 'at',
    required: false,
    description: 'YYYY-MM-DD: the AML as it stood at the end of that day (from the change history)',
  })
  async amlFile(
    @IdParam() id: string,
    @Query('at') at: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const file = await this.aml.amlFile(id, asOfDay(at));
    response.status(200);
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    response.setHeader('Cache-Control', 'no-store');
    file.write(response);
  }

  @Get(':id/aml')
  @ApiOk(AML_AS_OF)
  @ApiQuery({ name: 'at', required: true, description: 'YYYY-MM-DD' })
  @ApiOperation({
    summary:
      "The organization's aml as it stood at the end of a past day (Dublin), rebuilt from the change history",
  })
  async amlAsOf(@IdParam() id: string, @Query('at') at: string | undefined) {
    const day = asOfDay(at);
    if (!day)
      throw validationError([{ field: 'at', message: 'at must be a date written YYYY-MM-DD' }]);
    return ok({ at: day, aml: await this.aml.amlOn(id, day) });
  }

  @Get(':id/beneficial-owners')
  @ApiOkResponse({
    description: 'The register (JSON), or its owners as CSV with format=csv',
    content: {
      'application/json': { schema: okEnvelope(BENEFICIAL_OWNER_REGISTER) },
      'text/csv': { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiQuery({ name: 'format', required: false, enum: ['json', 'csv'] })
  @ApiOperation({
    summary:
      'The beneficial-owner register: shareholders holding over 25 % with their identity fields; shareholdingComplete is false when the percentages do not sum to 100 %. format=csv downloads it',
  })
  async beneficialOwners(
    @IdParam() id: string,
    @Query('format') format: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    if (format !== undefined && format !== 'json' && format !== 'csv') {
      throw validationError([{ field: 'format', message: 'format must be json or csv' }]);
    }
    const register = await this.aml.beneficialOwners(id);
    if (format !== 'csv') return ok(register);
    await sendCsv(response, {
      fileName: csvFileName('beneficial-owners'),
      columns: REGISTER_COLUMNS,
      rows: (onBatch) => onBatch(register.owners),
    });
    return undefined;
  }
}
