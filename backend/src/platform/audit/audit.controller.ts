import { Body, Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/session-authentication';
import { CurrentUser } from '../auth/current-user.decorator';
import { PostOk } from '../http/decorators';
import { ok } from '../http/envelope';
import { AuditService } from './audit.service';
import { RestoreRecordDto, SearchAuditDto } from './dto/audit.dto';
import { api, ApiFails, ApiOk, ApiPage } from '../http/openapi';
import { AUDIT_ENTRY_VIEW, AUDIT_RECORD_TYPE, RESTORED_RECORD } from './audit.openapi';

@ApiTags('audit')
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiPage(AUDIT_ENTRY_VIEW)
  @ApiFails(403)
  @ApiOperation({
    summary:
      "The change history, newest first: one record's (recordType + recordId, any staff member) or the whole log (admins)",
  })
  search(@CurrentUser() user: AuthUser, @Query() dto: SearchAuditDto) {
    return this.audit.search(user, dto);
  }

  @Get('restorable-types')
  @ApiOk(api.array(AUDIT_RECORD_TYPE))
  @ApiOperation({ summary: 'The record types whose soft-deleted records an admin may restore' })
  async restorableTypes() {
    return ok(await this.audit.restorableTypes());
  }

  @PostOk('restore')
  @ApiOk(RESTORED_RECORD)
  @ApiFails(403, 404, 409)
  @ApiOperation({ summary: 'Admins: restore a soft-deleted record (its deletedAt is cleared)' })
  async restore(@CurrentUser() user: AuthUser, @Body() dto: RestoreRecordDto) {
    await this.audit.restore(user, dto);
    return ok({ recordType: dto.recordType, recordId: dto.recordId });
  }
}
