import { Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module';
import { PeopleModule } from '../people/people.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';

@Module({
  imports: [OrganizationsModule, PeopleModule],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
