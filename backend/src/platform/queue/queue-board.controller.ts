import { Controller, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AdminOnly } from '../auth/route-access';
import { extractToken } from '../auth/token-extractor';
import { PostOk, ReadOnly } from '../http/decorators';
import { QUEUE_BOARD_COOKIE, QUEUE_BOARD_PATH } from './admin-only.middleware';
import { ApiDone } from '../http/openapi';

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
  @AdminOnly('open the queue dashboard')
  @PostOk('queues-session')
  @ApiDone()
  @ReadOnly()
  @ApiOperation({
    summary: 'Admins only: sets the cookie that lets a browser open the queue dashboard',
  })
  session(@Req() request: Request, @Res({ passthrough: true }) response: Response): { ok: true } {
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
