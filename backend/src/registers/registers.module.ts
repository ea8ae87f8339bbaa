import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { PeopleModule } from '../people/people.module';
import { RegistersController } from './registers.controller';
import { RegistersRepository } from './registers.repository';
import { RegistersService } from './registers.service';

@Module({
  imports: [PeopleModule, OrganizationsModule, MailModule],
  controllers: [RegistersController],
  providers: [RegistersRepository, RegistersService],
  exports: [RegistersService],
})
export class RegistersModule {}
