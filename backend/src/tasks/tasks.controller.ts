import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../platform/auth/current-user.decorator';
import { DeleteOk, ListSearch, PostOk, UpdateById } from '../platform/http/decorators';
import { ok } from '../platform/http/envelope';
import { IdParam } from '../platform/http/id-param.pipe';
import type { AuthUser } from '../users/user.view';
import { CreateTaskDto, SearchTasksDto, SendTaskDto, UpdateTaskDto } from './dto/task.dto';
import { TasksService } from './tasks.service';
import { ApiOk } from '../platform/http/openapi';
import { TASK_ANSWER, TASK_SENT, TASK_VIEW } from './tasks.openapi';
import { Staff } from '../platform/auth/route-access';

@ApiTags('task')
@Staff()
@Controller('task')
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  @PostOk()
  @ApiOk(TASK_VIEW)
  @ApiOperation({ summary: 'Create a task from its title (status TO DO)' })
  async create(@Body() dto: CreateTaskDto, @CurrentUser() user: AuthUser) {
    return ok(await this.tasks.create(dto, user));
  }

  @ListSearch(
    TASK_VIEW,
    'Search (title and description), by assigned user and status, sorted (updatedAt desc by default) and paged: a board column, the dashboard',
  )
  search(@Body() dto: SearchTasksDto): Promise<string> {
    return this.tasks.search(dto);
  }

  // Declared before ':id' so that "send" is never read as an id.
  @Put('send/:id')
  @ApiOk(TASK_SENT)
  @ApiOperation({
    summary:
      "Mail the task to the recipients (user ids) through the outbox; none: 400 'Please add at least one user'; none with a valid address: 400 'No valid email recipients'",
  })
  async send(@IdParam() id: string, @Body() dto: SendTaskDto, @CurrentUser() user: AuthUser) {
    return ok(await this.tasks.send(id, dto, user));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One task' })
  @ApiOk(TASK_VIEW)
  async get(@IdParam() id: string) {
    return ok(await this.tasks.get(id));
  }

  @UpdateById(
    TASK_ANSWER,
    'The whole task (title and users required); a stale updatedAt answers 409',
  )
  async update(@IdParam() id: string, @Body() dto: UpdateTaskDto) {
    return ok(await this.tasks.update(id, dto));
  }

  @DeleteOk(':id')
  @ApiOperation({ summary: 'Delete the task; its files are removed from storage' })
  async remove(@IdParam() id: string) {
    await this.tasks.delete(id);
    return { ok: true };
  }
}
