import { HttpStatus, Injectable, Param, PipeTransform } from '@nestjs/common';
import { ErrorCode } from '@registra/domain';
import { AppException } from '../errors/app-exception';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRecordId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Record ids are UUIDs; anything else answers 400 INVALID_ID before it reaches SQL. */
@Injectable()
export class IdParamPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isRecordId(value)) {
      throw new AppException(
        HttpStatus.BAD_REQUEST,
        ErrorCode.INVALID_ID,
        `"${String(value).slice(0, 64)}" is not a valid id`,
      );
    }
    return value.toLowerCase();
  }
}

/** The route's `{id}`, a record id (IdParamPipe): `@IdParam() id: string`. */
export const IdParam = (): ParameterDecorator => Param('id', IdParamPipe);
