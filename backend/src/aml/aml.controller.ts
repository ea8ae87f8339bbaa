import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { formatDate } from '@registra/domain';
import type { BeneficialOwner } from '@registra/domain';
import type { Response } from 'express';
import { csvFileName, sendCsv } from '../platform/http/csv';
import type { CsvColumn } from '../platform/http/csv';
import { ok } from '../platform/http/envelope';
import { IdParamPipe } from '../platform/http/id-param.pipe';
import { validationError } from '../platform/errors/app-exception';
import { AmlService } from './aml.service';

const REGISTER_COLUMNS: CsvColumn<BeneficialOwner>[] = [
  { header: 'First name', value: (owner) => owner.firstName },
  { header: 'Last name', value: (owner) => owner.lastName },
  { header: 'Date of birth', value: (owner) => formatDate(owner.birth) },
  { header: 'Nationality', value: (owner) => owner.nationality },
  { header: 'Country of residence', value: (owner) => owner.country },
  { header: 'Address', value: (owner) => owner.address },
  { header: 'PPS', value: (owner) => owner.pps },
  { header: 'E-mail', value: (owner) => owner.mail },
  { header: 'Beneficial ownership (%)', value: (owner) => owner.beneficiaryPercentage.toFixed(2) },
];

@ApiTags('organization')
@ApiBearerAuth()
@Controller('organization')
export class AmlController {
  constructor(private readonly aml: AmlService) {}

  @Get(':id/aml.pdf')
  @ApiProduces('application/pdf')
  @ApiOperation({
    summary:
      "The organization's AML file: the four appendices, score, risk level, reviewer and dates, as a printable PDF (streamed)",
  })
  async amlFile(@Param('id', IdParamPipe) id: string, @Res() response: Response): Promise<void> {
    const file = await this.aml.amlFile(id);
    response.status(200);
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    response.setHeader('Cache-Control', 'no-store');
    file.write(response);
  }

  @Get(':id/beneficial-owners')
  @ApiQuery({ name: 'format', required: false, enum: ['json', 'csv'] })
  @ApiOperation({
    summary:
      'The beneficial-owner register: shareholders holding over 25 % with their identity fields; shareholdingComplete is false when the percentages do not sum to 100 %. format=csv downloads it',
  })
  async beneficialOwners(
    @Param('id', IdParamPipe) id: string,
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
