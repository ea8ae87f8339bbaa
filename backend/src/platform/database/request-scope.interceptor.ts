import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { lastValueFrom, Observable } from 'rxjs';
import { REQUEST_TRANSACTION } from '../http/decorators';
import { UnitOfWork } from './unit-of-work';
import type { Actor } from './unit-of-work';

const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface RequestWithUser {
  method: string;
  user?: { _id: string; firstName: string; lastName: string };
}

/** The signed-in user as the author of a request's changes. */
export const actorOf = (user: RequestWithUser['user']): Actor | undefined =>
  user ? { id: user._id, name: `${user.firstName} ${user.lastName}`.trim() } : undefined;

/**
 * Every HTTP request runs in a unit-of-work scope naming the signed-in user; every write request
 * (POST, PUT, PATCH, DELETE, unless marked @ReadOnly or @OwnTransactions) runs in one transaction:
 * its changes and their audit rows commit together or not at all (ADR 0008).
 */
@Injectable()
export class RequestScopeInterceptor implements NestInterceptor {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    const mode = this.reflector.get<'none' | 'own' | undefined>(
      REQUEST_TRANSACTION,
      context.getHandler(),
    );
    const inTransaction = !READING_METHODS.has(request.method) && mode === undefined;
    const handle = () => lastValueFrom(next.handle(), { defaultValue: undefined });
    return new Observable((subscriber) => {
      this.unitOfWork
        .runAs(actorOf(request.user), () =>
          inTransaction ? this.unitOfWork.transaction(handle) : handle(),
        )
        .then(
          (value) => {
            subscriber.next(value);
            subscriber.complete();
          },
          (error: unknown) => subscriber.error(error),
        );
    });
  }
}
