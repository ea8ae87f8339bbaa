import { Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module';
import { PeopleModule } from '../people/people.module';
import { LinksController } from './links.controller';
import { LinksRepository } from './links.repository';
import { LinksService } from './links.service';

@Module({
  imports: [PeopleModule, OrganizationsModule],
  controllers: [LinksController],
  providers: [LinksRepository, LinksService],
  exports: [LinksService],
})
export class LinksModule {}
