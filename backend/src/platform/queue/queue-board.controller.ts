import { Controller, HttpStatus, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode } from '@registra/domain';
import type { Request, Response } from 'express';
import type { AuthUser } from '../auth/session-authentication';
import { CurrentUser } from '../auth/current-user.decorator';
import { extractToken } from '../auth/token-extractor';
import { AppException } from '../errors/app-exception';
import { PostOk, ReadOnly } from '../http/decorators';
import { QUEUE_BOARD_COOKIE, QUEUE_BOARD_PATH } from './admin-only.middleware';
import { ApiDone, ApiFails } from '../http/openapi';

/**
 * How long the browser keeps the dashboard's cookie: a working day. The cookie holds the session's
 * token, so the dashboard refuses it as soon as the session ends, whatever its age.
 */
const QUEUE_BOARD_COOKIE_MAX_AGE_MS = 12 * 60 * 60 * 1000;

@ApiTags('admin')
@Controller('admin')
export class QueueBoardController {
  /**
   * The dashboard is a page a browser loads without the API's Authorization header; this hands
   * the admin's token to it as an HttpOnly, same-site cookie limited to the dashboard's path.
   */
  @PostOk('queues-session')
  @ApiDone()
  @ApiFails(403)
  @ReadOnly()
  @ApiOperation({
    summary: 'Admins only: sets the cookie that lets a browser open the queue dashboard',
  })
  session(
    @CurrentUser() user: AuthUser,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): { ok: true } {
    if (user.role !== 'admin') {
      throw new AppException(
        HttpStatus.FORBIDDEN,
        ErrorCode.FORBIDDEN,
        'Only an admin can open the queue dashboard',
      );
    }
    // The global guard accepted this request's token, so it is there and valid.
    response.cookie(QUEUE_BOARD_COOKIE, extractToken(request) ?? '', {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.secure,
      path: QUEUE_BOARD_PATH,
      maxAge: QUEUE_BOARD_COOKIE_MAX_AGE_MS,
    });
    return { ok: true };
  }
}
