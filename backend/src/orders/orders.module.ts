import { Module } from '@nestjs/common';
import { ProductsModule } from '../products/products.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

/** Orders (ADR 0086): deposits, balances and VAT, in integer cents. */
@Module({
  imports: [ProductsModule, OrganizationsModule],
  controllers: [OrdersController],
  providers: [OrdersRepository, OrdersService],
  exports: [OrdersService],
})
export class OrdersModule {}
