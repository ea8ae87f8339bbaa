import {
  Body,
  Controller,
  Get,
  Header,
  HttpStatus,
  Injectable,
  Param,
  Query,
} from '@nestjs/common';
import type { PipeTransform } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode, isEmailAddress } from '@registra/domain';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { AppException } from '../platform/errors/app-exception';
import { PostOk, ReadOnly } from '../platform/http/decorators';
import { JSON_TYPE, ok } from '../platform/http/envelope';
import type { AuthUser } from '../users/user.view';
import {
  ActivityQueryDto,
  ADDRESS_MAILS_DEFAULT_LIMIT,
  AddressMailsQueryDto,
  PreviewTemplateDto,
  SendMailDto,
} from './dto/mail.dto';
import { MailService } from './mail.service';
import { api, ApiFails, ApiOk, ApiPage } from '../platform/http/openapi';
import { MAIL_ACTIVITY_VIEW, MAIL_PREVIEW, MAIL_VIEW, SENT_MAIL } from './mail.openapi';
import { Staff } from '../platform/auth/route-access';

/** POST /organization/templates and /organization/send (docs/api/mail.md). */
@ApiTags('organization')
@Staff()
@Controller('organization')
export class MailController {
  constructor(private readonly mail: MailService) {}

  @PostOk('templates')
  @ApiOk(MAIL_PREVIEW)
  @ReadOnly()
  @ApiOperation({
    summary: 'A mail template rendered with the given values (sample values for the rest)',
  })
  preview(@Body() dto: PreviewTemplateDto) {
    return ok(this.mail.preview(dto.templateId, dto.params));
  }

  @PostOk('send')
  @ApiOk(SENT_MAIL)
  @ApiOperation({
    summary:
      'Queue a mail: written to the outbox at once, sent by a queue job. `emailTo` must belong to the book (400 otherwise); other addresses only under `extraRecipients`',
  })
  async send(@CurrentUser() user: AuthUser, @Body() dto: SendMailDto) {
    return ok(await this.mail.send(dto, user));
  }
}

/** `{email}` of GET /user/emails/{email}: 400 when it is no e-mail address. */
@Injectable()
export class EmailParamPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isEmailAddress(value)) {
      throw new AppException(
        HttpStatus.BAD_REQUEST,
        ErrorCode.VALIDATION_ERROR,
        'The address is not a valid e-mail',
        [{ field: 'email', message: 'email must be a valid e-mail address' }],
      );
    }
    return value.trim();
  }
}

/** The e-mail history: the activity and an address's mails (docs/api/mail.md). */
@ApiTags('user')
@Staff()
@Controller('user/emails')
export class MailActivityController {
  constructor(private readonly mail: MailService) {}

  @Get('activity')
  @ApiPage(MAIL_ACTIVITY_VIEW)
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({
    summary:
      "Delivery events of every mail, newest first, paginated; a staff account's own mails (invitations, resets) only for their recipient and administrators",
  })
  activity(@CurrentUser() user: AuthUser, @Query() query: ActivityQueryDto): Promise<string> {
    return this.mail.activity(user, query);
  }

  // Any member of staff for their own address; MailService.mailsFor refuses another's unless
  // the caller is an administrator (the rule depends on the address).
  @Staff()
  @Get(':email')
  @ApiOk(api.array(MAIL_VIEW))
  @Header('Content-Type', JSON_TYPE)
  @ApiOperation({
    summary:
      "The caller's mails (administrators: any address's): sent to this address or asked for by its user, newest first; another's address answers 403",
  })
  @ApiFails(403)
  forAddress(
    @CurrentUser() user: AuthUser,
    @Param('email', EmailParamPipe) email: string,
    @Query() query: AddressMailsQueryDto,
  ): Promise<string> {
    return this.mail.mailsFor(user, email, query.limit ?? ADDRESS_MAILS_DEFAULT_LIMIT);
  }
}
