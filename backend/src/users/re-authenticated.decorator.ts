import { applyDecorators } from '@nestjs/common';
import { OwnTransactions } from '../platform/http/decorators';
import { ApiFails } from '../platform/http/openapi';
import type { FailureStatus } from '../platform/http/openapi';
import { AuthThrottled } from './auth-throttler.guard';

/**
 * A signed-in user's route that asks for the password again (and, with two-factor sign-in, a
 * code): counted with sign-in and sign-up (429), and run in its own transactions, so that a wrong
 * password keeps its history row, a failed sign-in, although the request fails. `fails`: the
 * failures it may answer besides.
 */
export const ReAuthenticated = (...fails: FailureStatus[]): MethodDecorator =>
  applyDecorators(AuthThrottled(), ApiFails(...fails), OwnTransactions());
