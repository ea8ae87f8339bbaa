import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { ProductsModule } from '../products/products.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsRepository } from './subscriptions.repository';
import { SubscriptionsService } from './subscriptions.service';

/** Subscriptions (ADR 0086): recurring products, paid period by period by linked orders. */
@Module({
  imports: [ProductsModule, OrdersModule, OrganizationsModule],
  controllers: [SubscriptionsController],
  providers: [SubscriptionsRepository, SubscriptionsService],
})
export class SubscriptionsModule {}
