import { Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module';
import { PeopleModule } from '../people/people.module';
import { RegistersController } from './registers.controller';
import { RegistersRepository } from './registers.repository';
import { RegistersService } from './registers.service';

@Module({
  imports: [PeopleModule, OrganizationsModule],
  controllers: [RegistersController],
  providers: [RegistersRepository, RegistersService],
  exports: [RegistersService],
})
export class RegistersModule {}
