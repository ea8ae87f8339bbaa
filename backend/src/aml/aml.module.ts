import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { AmlController } from './aml.controller';
import { AmlRepository } from './aml.repository';
import { AmlService } from './aml.service';

/**
 * AML (ADR 0085) beyond the appendices' save, which the organization's update checks and scores
 * with the domain library: the printable AML file, the beneficial-owner register and the review
 * reminders of the daily digest.
 */
@Module({
  imports: [OrganizationsModule, MailModule],
  controllers: [AmlController],
  providers: [AmlRepository, AmlService],
})
export class AmlModule {}
