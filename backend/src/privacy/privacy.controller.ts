import { Body, Controller, Get, Res } from '@nestjs/common';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly, Staff } from '../platform/auth/route-access';
import { validationError } from '../platform/errors/app-exception';
import { PostOk } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import type { Ok } from '../platform/http/envelope';
import { IdParam } from '../platform/http/id-param.pipe';
import { ApiFails, ApiFile, ApiOk } from '../platform/http/openapi';
import { DataExportService } from './data-export.service';
import type { DataExportState } from './data-export.service';
import { BulkEraseDto } from './dto/bulk-erase.dto';
import { DataExportByMailDto, EraseMailBodiesDto } from './dto/retention.dto';
import {
  BULK_ERASE_RESULT,
  DATA_EXPORT_STARTED,
  MAIL_BODIES_ERASED,
  DATA_EXPORT_STATE,
  ERASED_PERSON,
  RETENTION_REVIEW,
} from './privacy.openapi';
import { PrivacyService } from './privacy.service';
import type { RetentionReview } from './privacy.service';

@ApiTags('privacy')
@Staff()
@Controller()
export class PrivacyController {
  constructor(
    private readonly privacy: PrivacyService,
    private readonly exports: DataExportService,
  ) {}

  @AdminOnly('erase a person')
  @PostOk('people/:id/erase')
  @ApiOk(ERASED_PERSON)
  @ApiFails(403, 409)
  @ApiOperation({
    summary:
      'Administrators: erase a person under GDPR Art. 17, irreversibly; 409 RETENTION_HOLD (details: erasableFrom, and the organizations) while the AML law keeps their records',
  })
  async erase(@IdParam() id: string): Promise<Ok<{ _id: string }>> {
    return ok(await this.privacy.erase(id));
  }

  @AdminOnly("export a person's data")
  @PostOk('people/:id/data-export')
  @ApiOk(DATA_EXPORT_STARTED)
  @ApiFails(403)
  @ApiOperation({
    summary:
      "Administrators: start a person's subject-access export (GDPR Art. 15), built by a job; answers the export's id",
  })
  async startExport(@IdParam() id: string): Promise<Ok<{ _id: string }>> {
    return ok(await this.exports.request(id));
  }

  @AdminOnly("export the data of someone found only in the public form's requests")
  @PostOk('data-export')
  @ApiOk(DATA_EXPORT_STARTED)
  @ApiFails(403, 404)
  @ApiOperation({
    summary:
      "Administrators: start the subject-access export (GDPR Art. 15) of an e-mail found only in the public form's requests or the mails, without a person record: their requests' entries and the mails to it; 404 when nothing names it. Followed and downloaded as a person's export",
  })
  async startExportByMail(@Body() dto: DataExportByMailDto): Promise<Ok<{ _id: string }>> {
    return ok(await this.exports.requestByMail(dto.email));
  }

  @AdminOnly('follow a data export')
  @Get('data-export/:id')
  @ApiOk(DATA_EXPORT_STATE)
  @ApiFails(403)
  @ApiOperation({ summary: "Administrators: where a subject-access export's job stands" })
  async exportState(@IdParam() id: string): Promise<Ok<DataExportState>> {
    return ok(await this.exports.state(id));
  }

  @AdminOnly('download a data export')
  @Get('data-export/:id/download')
  @ApiFile('application/zip', 'The package: data.json, one CSV per section, summary.pdf, files/')
  @ApiFails(403)
  @ApiOperation({
    summary:
      'Administrators: the built ZIP, once (its bytes are removed once sent; a second download answers 404)',
  })
  async download(@IdParam() id: string, @Res() response: Response): Promise<void> {
    const { body, fileName } = await this.exports.download(id);
    response.status(200);
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    response.setHeader('Cache-Control', 'no-store');
    await pipeline(body, response);
  }

  @AdminOnly('review what the retention allows to erase')
  @Get('retention-review')
  @ApiOk(RETENTION_REVIEW)
  @ApiFails(403)
  @ApiOperation({
    summary:
      "Administrators: the retention review as the daily job (or a refresh) last prepared it, with when: the people whose every client relationship ended the AML period ago or more, the kept prospects' requests past the prospect period, and the mails whose body is past the mail period; what was erased since is left out",
  })
  async retentionReview(): Promise<Ok<RetentionReview>> {
    return ok(await this.privacy.retentionReview());
  }

  @AdminOnly('prepare the retention review')
  @PostOk('retention-review/refresh')
  @ApiOk(RETENTION_REVIEW)
  @ApiFails(403)
  @ApiOperation({
    summary:
      'Administrators: prepare the retention review now, with the current settings (the daily job does it each morning)',
  })
  async refreshReview(): Promise<Ok<RetentionReview>> {
    return ok(await this.privacy.prepareReview());
  }

  @AdminOnly('erase mail bodies')
  @PostOk('retention-review/mail-bodies/erase')
  @ApiOk(MAIL_BODIES_ERASED)
  @ApiFails(403)
  @ApiOperation({
    summary:
      "Administrators: erase the bodies (subject, values) of the delivered or failed mails created before `before` (the review's mailBodies.before), keeping the envelope (date, template, recipient); 400 when `before` is not past the mail period. One history entry, without the values",
  })
  async eraseMailBodies(@Body() dto: EraseMailBodiesDto): Promise<Ok<{ erased: number }>> {
    return ok(await this.privacy.eraseMailBodies(new Date(dto.before)));
  }

  @AdminOnly('erase people')
  @PostOk('retention-review/erase')
  @ApiOk(BULK_ERASE_RESULT)
  @ApiFails(403)
  @ApiOperation({
    summary:
      "Administrators: erase the reviewed people and prospects' requests in one transaction; those still held (a new role, a request turned into a client) are answered in held, not erased",
  })
  async eraseMany(@Body() dto: BulkEraseDto): Promise<Ok<{ erased: string[]; held: string[] }>> {
    if (!dto.people?.length && !dto.prospects?.length) {
      throw validationError(
        [{ field: 'people', message: 'Name at least one person or request to erase' }],
        'Name at least one person or request to erase',
      );
    }
    return ok(await this.privacy.eraseMany(dto.people ?? [], dto.prospects ?? []));
  }
}
