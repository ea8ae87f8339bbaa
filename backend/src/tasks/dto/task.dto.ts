import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MESSAGES, TASK_STATUSES, TEXT_MAX_LENGTHS } from '@registra/domain';
import type { TaskStatus } from '@registra/domain';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import type { AttachedFilesInput } from '../../platform/http/attached-files-input';
import {
  AttachedFilesField,
  ExpectedVersion,
  emptyToNull,
  IgnoredName,
  NullAllowed,
  NullableText,
  OptionalRecordId,
  ReadOnlyField,
  trimmed,
} from '../../platform/http/dto-fields';
import { ListQueryDto } from '../../platform/http/list-query.dto';

export const TASK_TITLE_MAX = TEXT_MAX_LENGTHS.task.title;
export const TASK_DESCRIPTION_MAX = TEXT_MAX_LENGTHS.task.description;
/** Staff accounts are few; a task shared with more than this is a mistake. */
export const TASK_USERS_MAX = 100;

/** A task's title: required, trimmed, at most TASK_TITLE_MAX characters. */
const TaskTitle = () =>
  applyDecorators(
    ApiProperty({ maxLength: TASK_TITLE_MAX }),
    Transform(trimmed),
    IsString({ message: MESSAGES.taskTitleRequired }),
    IsNotEmpty({ message: MESSAGES.taskTitleRequired }),
    MaxLength(TASK_TITLE_MAX),
  );

/** POST /api/task: "only Title (required)". */
export class CreateTaskDto {
  @TaskTitle() title: string;
}

/** An assigned user: the id decides; the server stores the user's own name. */
export class TaskUserDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'userId must be a user id' })
  userId: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) userName?: string;
}

/** PUT /api/task/{id}: the whole task (title and users required). */
export class UpdateTaskDto {
  @TaskTitle() title: string;

  @ApiPropertyOptional({ maxLength: TASK_DESCRIPTION_MAX })
  @NullableText(TASK_DESCRIPTION_MAX)
  description?: string | null;

  @ApiPropertyOptional({ enum: TASK_STATUSES, default: 'TO DO' })
  @IsOptional()
  @IsIn([...TASK_STATUSES], { message: `status must be one of ${TASK_STATUSES.join(', ')}` })
  status?: TaskStatus;

  @ApiProperty({ type: [TaskUserDto], description: 'At least one user' })
  @IsArray({ message: MESSAGES.taskUsersRequired })
  @ArrayMinSize(1, { message: MESSAGES.taskUsersRequired })
  @ArrayMaxSize(TASK_USERS_MAX)
  @ValidateNested({ each: true })
  @Type(() => TaskUserDto)
  users: TaskUserDto[];

  @OptionalRecordId('organization', 'Must exist when given')
  organizationId?: string | null;
  @IgnoredName('organization') organizationName?: string | null;

  @OptionalRecordId('person', 'Must exist when given')
  peopleId?: string | null;
  @IgnoredName('person') peopleName?: string | null;

  @AttachedFilesField() attachedFiles?: AttachedFilesInput;

  @ExpectedVersion() updatedAt?: string;

  @ReadOnlyField() _id?: unknown;
  @ReadOnlyField() createdAt?: unknown;
}

/** PUT /api/task/send/{id}: the task's notification to the recipients (user ids). */
export class SendTaskDto {
  @ApiPropertyOptional({ maxLength: TASK_TITLE_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(TASK_TITLE_MAX)
  title?: string;

  @ApiPropertyOptional({ maxLength: TASK_DESCRIPTION_MAX })
  @NullableText(TASK_DESCRIPTION_MAX)
  description?: string | null;

  @ApiPropertyOptional() @NullableText(500) organizationName?: string | null;
  @ApiPropertyOptional() @NullableText(500) peopleName?: string | null;

  @AttachedFilesField() attachedFiles?: AttachedFilesInput;

  @ApiProperty({ type: [String], description: 'User ids; at least one' })
  @IsOptional()
  @IsArray({ message: MESSAGES.taskAddUser })
  @ArrayMaxSize(TASK_USERS_MAX)
  @IsUUID('all', { each: true, message: 'each recipient must be a user id' })
  recipients?: string[];
}

export const TASK_SORT_FIELDS = ['updatedAt', 'createdAt', 'title', 'status'] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];

/** POST /api/task/search: a board column, the board's search, the dashboard's 7 latest. */
export class SearchTasksDto extends ListQueryDto {
  @ApiPropertyOptional({
    format: 'uuid',
    nullable: true,
    description: 'Assigned to this user; null: anyone',
  })
  @IsOptional()
  @Transform(emptyToNull)
  @NullAllowed()
  @IsUUID('all', { message: 'user must be a user id' })
  user?: string | null;

  @ApiPropertyOptional({ enum: TASK_STATUSES })
  @IsOptional()
  @Transform(emptyToNull)
  @NullAllowed()
  @IsIn([...TASK_STATUSES], { message: `status must be one of ${TASK_STATUSES.join(', ')}` })
  status?: TaskStatus | null;

  @ApiPropertyOptional({ enum: TASK_SORT_FIELDS, default: 'updatedAt' })
  @IsOptional()
  @IsIn([...TASK_SORT_FIELDS])
  sortField?: TaskSortField;
}
