import { Module } from '@nestjs/common';
import { HousekeepingRepository } from './housekeeping.repository';
import { HousekeepingService } from './housekeeping.service';

@Module({
  providers: [HousekeepingRepository, HousekeepingService],
  exports: [HousekeepingService],
})
export class HousekeepingModule {}
