import { Module } from '@nestjs/common';
import { LinksModule } from '../links/links.module';
import { MailModule } from '../mail/mail.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { PeopleModule } from '../people/people.module';
import { UsersModule } from '../users/users.module';
import { FormsController } from './forms.controller';
import { FormsRepository } from './forms.repository';
import { FormsService } from './forms.service';
import { PublicFormRateLimitGuard } from './public-form-rate-limit.guard';

/**
 * Company-creation requests (ADR 0084): the public form's one anonymous write, the staff review
 * and the conversion into an organization with its people, links and INCORPORATION follow-up.
 */
@Module({
  imports: [UsersModule, PeopleModule, OrganizationsModule, LinksModule, MailModule],
  controllers: [FormsController],
  providers: [FormsRepository, FormsService, PublicFormRateLimitGuard],
  exports: [FormsService],
})
export class FormsModule {}
