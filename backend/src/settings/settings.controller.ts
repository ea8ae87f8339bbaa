import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FirmSettingsView } from '@registra/domain';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { ok } from '../platform/http/envelope';
import type { Ok } from '../platform/http/envelope';
import type { AuthUser } from '../users/user.view';
import { UpdateFirmSettingsDto } from './dto/settings.dto';
import { SettingsService } from './settings.service';
import { ApiFails, ApiOk } from '../platform/http/openapi';
import { FIRM_SETTINGS_VIEW } from './settings.openapi';

@ApiTags('settings')
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @ApiOk(FIRM_SETTINGS_VIEW)
  @ApiOperation({ summary: "The firm's settings (days before the ARD the annual return starts)" })
  async get(): Promise<Ok<FirmSettingsView>> {
    return ok(await this.settings.get());
  }

  @Put()
  @ApiOk(FIRM_SETTINGS_VIEW)
  @ApiFails(403)
  @ApiOperation({ summary: "Administrators: change the firm's settings" })
  async update(
    @CurrentUser() user: AuthUser,
    @Body() dto: UpdateFirmSettingsDto,
  ): Promise<Ok<FirmSettingsView>> {
    return ok(await this.settings.update(user, dto));
  }
}
