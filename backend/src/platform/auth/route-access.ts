import { applyDecorators, RequestMethod, SetMetadata } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner } from '@nestjs/core';
import type { ModulesContainer, Reflector } from '@nestjs/core';
import { ApiFails, ApiPublic } from '../http/openapi';

/**
 * Who may call a route (docs/architecture.md "Who may call a route", ADR 0125). Every route
 * declares it, on itself or through its controller's declaration, and the global guard
 * (jwt-auth.guard.ts) enforces it; the app refuses to start with a route that declares none.
 * - `public`: anyone, without a session (`@Public()`);
 * - `staff`: any signed-in member of staff, administrators included (`@Staff()`); a rule that
 *   depends on the record (the import's own user, one record's history, one's own mails) may
 *   refuse more, in its service, in words;
 * - `admin`: administrators only (`@AdminOnly(task)`): anyone else is answered 403 FORBIDDEN
 *   "Only an administrator can <task>".
 */
export type RouteAccess = 'public' | 'staff' | 'admin';
export const ROUTE_ACCESSES: readonly RouteAccess[] = ['public', 'staff', 'admin'];

export const ROUTE_ACCESS = 'registra:routeAccess';
export const ADMIN_TASK = 'registra:adminTask';

/** A route a visitor calls without a session (sign-in, one-time links, the public form, health). */
export const Public = (): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(ROUTE_ACCESS, 'public'), ApiPublic());

/** Any signed-in member of staff; on a controller, every route it does not declare otherwise. */
export const Staff = (): MethodDecorator & ClassDecorator => SetMetadata(ROUTE_ACCESS, 'staff');

/**
 * Administrators only. `task` completes the refusal's words ("change the firm settings"); the
 * document lists the route's 403.
 */
export const AdminOnly = (task: string): MethodDecorator =>
  applyDecorators(SetMetadata(ROUTE_ACCESS, 'admin'), SetMetadata(ADMIN_TASK, task), ApiFails(403));

/** A route of the app with what it declares (undefined: nothing), the global prefix left out. */
export interface DeclaredRoute {
  method: string;
  path: string;
  access: RouteAccess | undefined;
}

const pathsOf = (metadata: unknown): string[] =>
  Array.isArray(metadata) ? metadata.map(String) : [typeof metadata === 'string' ? metadata : ''];

const joined = (...parts: string[]): string =>
  `/${parts.join('/')}`.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');

/** Every route of the app's controllers, read from their decorators. */
export function declaredRoutes(modules: ModulesContainer, reflector: Reflector): DeclaredRoute[] {
  const scanner = new MetadataScanner();
  const routes: DeclaredRoute[] = [];
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      const prefixes = pathsOf(Reflect.getMetadata(PATH_METADATA, controller));
      for (const name of scanner.getAllMethodNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const access = reflector.getAllAndOverride<RouteAccess | undefined>(ROUTE_ACCESS, [
          handler,
          controller,
        ]);
        for (const prefix of prefixes) {
          for (const path of pathsOf(Reflect.getMetadata(PATH_METADATA, handler))) {
            routes.push({ method: RequestMethod[method], path: joined(prefix, path), access });
          }
        }
      }
    }
  }
  return routes;
}
