import { ValidationError, ValidationPipe } from '@nestjs/common';
import { FieldError, validationError } from './app-exception';

/** Flattens class-validator's tree into `details: [{ field, message }]` with dotted paths. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldError[] {
  const details: FieldError[] = [];
  for (const error of errors) {
    const field = parent ? `${parent}.${error.property}` : error.property;
    for (const message of Object.values(error.constraints ?? {})) {
      // forbidNonWhitelisted says "property x should not exist"; keep the field name plain.
      details.push({
        field,
        message: message.replace(/^property \S+ should not exist$/, 'is not an accepted field'),
      });
    }
    if (error.children?.length) details.push(...flattenValidationErrors(error.children, field));
  }
  return details;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => validationError(flattenValidationErrors(errors)),
  });
}
