import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FirmSettingsView } from '@registra/domain';
import { ok } from '../platform/http/envelope';
import type { Ok } from '../platform/http/envelope';
import { UpdateFirmSettingsDto } from './dto/settings.dto';
import { SettingsService } from './settings.service';
import { ApiFails, ApiOk } from '../platform/http/openapi';
import { FIRM_SETTINGS_VIEW } from './settings.openapi';
import { AdminOnly, Staff } from '../platform/auth/route-access';

@ApiTags('settings')
@Staff()
@Controller('settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  @ApiOk(FIRM_SETTINGS_VIEW)
  @ApiOperation({
    summary:
      "The firm's settings (days before the ARD the annual return starts, the retention periods)",
  })
  async get(): Promise<Ok<FirmSettingsView>> {
    return ok(await this.settings.get());
  }

  @AdminOnly('change the firm settings')
  @Put()
  @ApiOk(FIRM_SETTINGS_VIEW)
  @ApiFails(403)
  @ApiOperation({
    summary:
      "Administrators: change the firm's settings named (the others stay); a value out of its bounds is a 400 naming the field, and nothing changes",
  })
  async update(@Body() dto: UpdateFirmSettingsDto): Promise<Ok<FirmSettingsView>> {
    return ok(await this.settings.update(dto));
  }
}
