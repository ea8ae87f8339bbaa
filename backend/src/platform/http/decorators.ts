import { applyDecorators, HttpCode, HttpStatus, Post, SetMetadata } from '@nestjs/common';

/** The API answers 200 to every POST (the client treats any other status of a POST as failure). */
export function PostOk(path?: string): MethodDecorator {
  return applyDecorators(Post(path), HttpCode(HttpStatus.OK));
}

export const IS_PUBLIC = 'registra:isPublic';

/** Marks a route that needs no signed-in user (sign-in, sign-up, health, the public form). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
