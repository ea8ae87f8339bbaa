import { Body, Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { isRegisterKind, REGISTER_KINDS } from '@registra/domain';
import type { RegisterKind, ShareClassView, ShareEntryView } from '@registra/domain';
import type { Response } from 'express';
import { Staff } from '../platform/auth/route-access';
import { sendCsv } from '../platform/http/csv';
import { DeleteOk, PostOk } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import type { Ok } from '../platform/http/envelope';
import { IdParam, IdParamPipe } from '../platform/http/id-param.pipe';
import { api, ApiFails, ApiOk, okEnvelope } from '../platform/http/openapi';
import type { Schema } from '../platform/http/openapi';
import { validationError } from '../platform/errors/app-exception';
import { AnnualReturnQueryDto, RegisterQueryDto } from './dto/register-query.dto';
import { CreateShareClassDto, CreateShareEntryDto } from './dto/share-capital.dto';
import {
  ANNUAL_RETURN_ANSWER,
  REGISTER_ANSWER,
  SHARE_CLASS_VIEW,
  SHARE_ENTRY_VIEW,
} from './registers.openapi';
import { REGISTER_COLUMNS, writeAnnualReturn, writeRegister } from './registers.pdf';
import type { RegisterColumn } from './registers.pdf';
import { RegistersService } from './registers.service';

const BYTES = { schema: { type: 'string', format: 'binary' } } as const;

/** 200: the JSON envelope, or the same as a PDF or a CSV file (`format`). */
const ApiOkOrFiles = (data: Schema, files: readonly ('application/pdf' | 'text/csv')[]) =>
  ApiOkResponse({
    description: 'The JSON answer, or the file `format` asks for',
    content: {
      'application/json': { schema: okEnvelope(data) },
      ...Object.fromEntries(files.map((type) => [type, BYTES])),
    },
  });

/** A file name of the company's name and the day: "emerald-ltd-members-2026-11-28.pdf". */
function fileName(organizationName: string, what: string, day: string, extension: string) {
  const slug = organizationName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${slug || 'company'}-${what}-${day}.${extension}`;
}

function sendPdf(response: Response, name: string, write: (out: Response) => void): void {
  response.status(200);
  response.setHeader('Content-Type', 'application/pdf');
  response.setHeader('Content-Disposition', `attachment; filename="${name}"`);
  response.setHeader('Cache-Control', 'no-store');
  write(response);
}

/**
 * An organization's share capital (classes, allotments and transfers), its statutory registers
 * as of a day, and the annual return's particulars at an ARD (docs/api/registers.md).
 */
@ApiTags('organization')
@Staff()
@Controller('organization')
export class RegistersController {
  constructor(private readonly registers: RegistersService) {}

  @PostOk(':id/share-classes')
  @ApiOk(SHARE_CLASS_VIEW)
  @ApiFails(404, 409)
  @ApiOperation({
    summary:
      'Add a share class (name, nominal value, currency); a live class of the same name answers 409 SHARE_CLASS_ALREADY_EXISTS',
  })
  async createClass(
    @IdParam() id: string,
    @Body() dto: CreateShareClassDto,
  ): Promise<Ok<ShareClassView>> {
    return ok(await this.registers.createClass(id, dto));
  }

  @Get(':id/share-classes')
  @ApiOk(api.array(SHARE_CLASS_VIEW))
  @ApiFails(404)
  @ApiOperation({ summary: "The organization's share classes, oldest first" })
  async classes(@IdParam() id: string): Promise<Ok<ShareClassView[]>> {
    return ok(await this.registers.classes(id));
  }

  @DeleteOk(':id/share-classes/:classId')
  @ApiFails(404, 409)
  @ApiOperation({
    summary: 'Delete a share class; 409 SHARE_CLASS_HELD while shares of it are held',
  })
  async deleteClass(
    @IdParam() id: string,
    @Param('classId', IdParamPipe) classId: string,
  ): Promise<{ ok: true }> {
    await this.registers.deleteClass(id, classId);
    return { ok: true };
  }

  @PostOk(':id/share-entries')
  @ApiOk(SHARE_ENTRY_VIEW)
  @ApiFails(404)
  @ApiOperation({
    summary:
      'Record an allotment or a transfer; a transfer of more shares than the transferor holds answers 400',
  })
  async createEntry(
    @IdParam() id: string,
    @Body() dto: CreateShareEntryDto,
  ): Promise<Ok<ShareEntryView>> {
    return ok(await this.registers.createEntry(id, dto));
  }

  @Get(':id/share-entries')
  @ApiOk(api.array(SHARE_ENTRY_VIEW))
  @ApiFails(404)
  @ApiOperation({ summary: "The organization's allotments and transfers, oldest date first" })
  async entries(@IdParam() id: string): Promise<Ok<ShareEntryView[]>> {
    return ok(await this.registers.entries(id));
  }

  @Get(':id/registers/:kind')
  @ApiParam({ name: 'kind', enum: REGISTER_KINDS })
  @ApiOkOrFiles(REGISTER_ANSWER, ['application/pdf', 'text/csv'])
  @ApiFails(404)
  @ApiOperation({
    summary:
      'A statutory register as of a day (today by default): JSON, or `format=pdf` / `format=csv`',
  })
  async register(
    @IdParam() id: string,
    @Param('kind') kind: string,
    @Query() query: RegisterQueryDto,
    @Res() response: Response,
  ): Promise<void> {
    if (!isRegisterKind(kind)) {
      throw validationError([
        { field: 'kind', message: `kind must be one of ${REGISTER_KINDS.join(', ')}` },
      ]);
    }
    const register = await this.registers.register(id, kind, query.asOf);
    const name = (extension: string) =>
      fileName(register.organizationName, kind, register.asOf, extension);
    if (query.format === 'pdf') {
      sendPdf(response, name('pdf'), (out) => writeRegister(register, out));
      return;
    }
    if (query.format === 'csv') {
      await sendCsv(response, {
        fileName: name('csv'),
        columns: REGISTER_COLUMNS[kind as RegisterKind].map((column) => ({
          header: column.header,
          value: (entry: never) => (column as RegisterColumn<never>).value(entry),
        })),
        rows: (onBatch) => onBatch(register.entries as never[]),
      });
      return;
    }
    // The files are written to the response, so the JSON answer is too.
    response.status(200).json(ok(register));
  }

  @Get(':id/annual-return')
  @ApiOkOrFiles(ANNUAL_RETURN_ANSWER, ['application/pdf'])
  @ApiFails(404)
  @ApiOperation({
    summary:
      "The annual return's (B1) particulars at an ARD, with what is missing: JSON, or `format=pdf`",
  })
  async annualReturn(
    @IdParam() id: string,
    @Query() query: AnnualReturnQueryDto,
    @Res() response: Response,
  ): Promise<void> {
    const answer = await this.registers.annualReturn(id, query.ard);
    if (query.format === 'pdf') {
      sendPdf(
        response,
        fileName(answer.organizationName, 'b1-particulars', answer.ard, 'pdf'),
        (out) => writeAnnualReturn(answer, out),
      );
      return;
    }
    response.status(200).json(ok(answer));
  }
}
