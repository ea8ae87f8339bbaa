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
import { AdminOnly, Staff } from '../auth/route-access';

@ApiTags('audit')
@Staff()
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  // Any member of staff for one record's history; the whole log and the accounts' history are
  // the administrators' (AuditService.search refuses the rest, in words).
  @Staff()
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

  @AdminOnly('restore a deleted record')
  @PostOk('restore')
  @ApiOk(RESTORED_RECORD)
  @ApiFails(404, 409)
  @ApiOperation({ summary: 'Admins: restore a soft-deleted record (its deletedAt is cleared)' })
  async restore(@Body() dto: RestoreRecordDto) {
    await this.audit.restore(dto);
    return ok({ recordType: dto.recordType, recordId: dto.recordId });
  }
}
