import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { MaxLength } from 'class-validator';
import { IsEmailAddress, IsTimestamp } from '../../platform/http/validators';

/** POST /data-export: the e-mail of someone found only in the public form's requests. */
export class DataExportByMailDto {
  @ApiProperty({ format: 'email', maxLength: 320, example: 'lea.martin@example.fr' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmailAddress({ message: 'email must be a valid e-mail address' })
  @MaxLength(320)
  email: string;
}

/** POST /retention-review/mail-bodies/erase: the instant the review showed. */
export class EraseMailBodiesDto {
  @ApiProperty({
    type: String,
    format: 'date-time',
    description:
      "The review's mailBodies.before: the bodies of the mails created before it are erased; it must be past the mail period",
  })
  @IsTimestamp()
  before: string;
}
