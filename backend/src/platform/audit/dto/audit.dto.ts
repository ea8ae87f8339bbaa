import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AUDIT_RECORD_TYPES } from '@registra/domain';
import type { AuditRecordType } from '@registra/domain';

import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { MAX_PAGE_LIMIT, QueryLimit, QueryPage } from '../../http/list-query.dto';
import { IsTimestampOrDate } from '../../http/validators';

/** GET /api/audit: one record's history, or (admins) the whole log, newest first. */
export class SearchAuditDto {
  @ApiPropertyOptional({ enum: AUDIT_RECORD_TYPES })
  @IsOptional()
  @IsIn(AUDIT_RECORD_TYPES)
  recordType?: AuditRecordType;

  @ApiPropertyOptional({
    description:
      "With recordType: that record's history, including the rows of records attached to it (its links, files, follow-ups…)",
  })
  @IsOptional()
  @IsUUID()
  recordId?: string;

  @ApiPropertyOptional({ description: 'Changes made by this user' })
  @IsOptional()
  @IsUUID()
  userId?: string;

  @ApiPropertyOptional({ description: 'From this day (YYYY-MM-DD, Dublin) or instant (ISO 8601)' })
  @IsOptional()
  @IsTimestampOrDate()
  from?: string;

  @ApiPropertyOptional({ description: 'Up to this day, inclusive, or instant' })
  @IsOptional()
  @IsTimestampOrDate()
  to?: string;

  @QueryPage() page?: number;
  @QueryLimit(MAX_PAGE_LIMIT, 25) limit?: number;
}

/** POST /api/audit/restore (admins): brings a soft-deleted record back. */
export class RestoreRecordDto {
  @ApiProperty({ enum: AUDIT_RECORD_TYPES })
  @IsIn(AUDIT_RECORD_TYPES)
  recordType: AuditRecordType;

  @ApiProperty()
  @IsUUID()
  recordId: string;
}
