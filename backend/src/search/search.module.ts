import { Module } from '@nestjs/common';
import { FormsModule } from '../forms/forms.module';
import { OrdersModule } from '../orders/orders.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { PeopleModule } from '../people/people.module';
import { TasksModule } from '../tasks/tasks.module';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/** The top bar's search box over organizations, people, tasks, orders and requests. */
@Module({
  imports: [OrganizationsModule, PeopleModule, TasksModule, OrdersModule, FormsModule],
  controllers: [SearchController],
  providers: [SearchService],
})
export class SearchModule {}
