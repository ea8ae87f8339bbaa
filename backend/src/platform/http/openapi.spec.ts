import 'reflect-metadata';
import { Body, Controller, Get, Module, Param, Put } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiResponse } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AdminOnly, Public } from '../auth/route-access';
import { DeleteOk, PostOk } from './decorators';
import { api, ApiFails, ApiOk, ApiOperationIds, ApiSearchQuery } from './openapi';
import { buildApiDocument } from './openapi';

class ThingDto {
  @ApiProperty()
  name: string;
}

const THING = api.object({ name: api.string });

/** One route of each shape the document tells failures from. */
@Controller('thing')
class ThingController {
  @Get()
  @ApiOperation({ summary: 'No input' })
  @ApiOk(THING)
  list() {}

  @Get(':id')
  @ApiOperation({ summary: 'An id in the path' })
  @ApiOk(THING)
  get(@Param('id') id: string) {
    return id;
  }

  @PostOk()
  @ApiOperation({ summary: 'A body' })
  @ApiOk(THING)
  create(@Body() dto: ThingDto) {
    return dto;
  }

  @Put(':id')
  @ApiOperation({ summary: 'An id, a body and a declared conflict' })
  @ApiOk(THING)
  @ApiFails(409)
  update(@Param('id') id: string, @Body() dto: ThingDto) {
    return { id, dto };
  }

  @AdminOnly('remove a thing')
  @DeleteOk(':id')
  @ApiOperation({ summary: 'Administrators only' })
  remove(@Param('id') id: string) {
    return id;
  }

  @Public()
  @Get('open')
  @ApiOperation({ summary: 'Public, no input' })
  @ApiOk(THING)
  open() {}

  @Public()
  @Get('health')
  @ApiOperation({ summary: 'Public, a 503 of its own shape' })
  @ApiOk(THING)
  @ApiResponse({ status: 503, description: 'Down', schema: THING })
  health() {}

  @Get('export')
  @ApiOperation({ summary: 'A search body as query parameters' })
  @ApiOk(THING)
  @ApiSearchQuery(ThingDto)
  export() {}

  @Public()
  @PostOk('signin')
  @ApiOperation({ summary: 'Public, a body, rate limited' })
  @ApiOk(THING)
  @ApiFails(429)
  signin(@Body() dto: ThingDto) {
    return dto;
  }
}

/** More routes under /thing, split off by purpose: their ids keep the Thing_ prefix. */
@ApiOperationIds('Thing')
@Controller('thing')
class ThingArchiveController {
  @PostOk(':id/archive')
  @ApiOperation({ summary: 'A route of another controller' })
  @ApiOk(THING)
  archive(@Param('id') id: string) {
    return id;
  }
}

@Module({ controllers: [ThingController, ThingArchiveController] })
class ThingModule {}

/** A second `list` under the Thing_ prefix: two operations would share an id. */
@ApiOperationIds('Thing')
@Controller('thing/more')
class MoreThingsController {
  @Get()
  @ApiOperation({ summary: 'Named as ThingController.list' })
  @ApiOk(THING)
  list() {}
}

@Module({ controllers: [ThingController, MoreThingsController] })
class RepeatedIdModule {}

describe('the OpenAPI document completes each route', () => {
  let app: INestApplication;
  let document: OpenAPIObject;

  beforeAll(async () => {
    app = await NestFactory.create(ThingModule, { logger: false });
    app.setGlobalPrefix('api');
    document = buildApiDocument(app);
  });
  afterAll(() => app.close());

  const operation = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    document.paths[path][method]!;

  // 400: any input; 401: not public; 404: an id in the path; 413: a body; 500 and 503: every
  // route; others declared.
  it.each([
    ['get', '/api/thing', ['200', '401'], 'Thing_list'],
    ['get', '/api/thing/{id}', ['200', '400', '401', '404'], 'Thing_get'],
    ['post', '/api/thing', ['200', '400', '401', '413'], 'Thing_create'],
    ['put', '/api/thing/{id}', ['200', '400', '401', '404', '409', '413'], 'Thing_update'],
    ['delete', '/api/thing/{id}', ['200', '400', '401', '403', '404'], 'Thing_remove'],
    ['get', '/api/thing/open', ['200'], 'Thing_open'],
    ['get', '/api/thing/health', ['200'], 'Thing_health'],
    ['get', '/api/thing/export', ['200', '400', '401'], 'Thing_export'],
    ['post', '/api/thing/signin', ['200', '400', '413', '429'], 'Thing_signin'],
    ['post', '/api/thing/{id}/archive', ['200', '400', '401', '404'], 'Thing_archive'],
  ] as const)('%s %s answers %j, 500 and 503 (%s)', (method, path, statuses, id) => {
    const { responses, operationId } = operation(method, path);
    expect(Object.keys(responses).sort()).toEqual([...statuses, '500', '503']);
    expect(operationId).toBe(id);
  });

  it("keeps a failure a route describes itself (health's own 503)", () => {
    expect(operation('get', '/api/thing/health').responses['503']).toEqual({
      description: 'Down',
      content: { 'application/json': { schema: THING } },
    });
    expect(operation('get', '/api/thing/open').responses['503']).toEqual({
      $ref: '#/components/responses/Unavailable',
    });
  });

  it("takes a list's search body as query parameters, each field its own", () => {
    expect(operation('get', '/api/thing/export').parameters).toEqual([
      expect.objectContaining({
        in: 'query',
        style: 'form',
        explode: true,
        schema: { $ref: '#/components/schemas/ThingDto' },
      }),
    ]);
    expect(document.components?.schemas?.ThingDto).toBeDefined();
  });

  it('refers each failure to the shared answer of its status, in the error envelope', () => {
    expect(operation('put', '/api/thing/{id}').responses).toMatchObject({
      '400': { $ref: '#/components/responses/BadRequest' },
      '401': { $ref: '#/components/responses/Unauthorized' },
      '404': { $ref: '#/components/responses/NotFound' },
      '409': { $ref: '#/components/responses/Conflict' },
      '413': { $ref: '#/components/responses/PayloadTooLarge' },
    });
    expect(document.components?.responses?.TooManyRequests).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
      headers: { 'Retry-After': {} },
    });
  });

  it('asks every route for the JWT header but the public ones', () => {
    expect(document.security).toEqual([{ jwt: [] }]);
    expect(document.components?.securitySchemes?.jwt).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
    });
    expect(operation('get', '/api/thing/open').security).toEqual([]);
    expect(operation('post', '/api/thing/signin').security).toEqual([]);
    expect(operation('get', '/api/thing').security).toBeUndefined();
    expect(JSON.stringify(document)).not.toContain('x-public');
  });

  it('writes null as OpenAPI 3.0.3 reads nullable: beside a type, in an enum, beside a reference', () => {
    expect(api.nullable(api.string)).toEqual({ type: 'string', nullable: true });
    expect(api.nullable(api.enum(['a', 'b']))).toEqual({
      type: 'string',
      enum: ['a', 'b', null],
      nullable: true,
    });
    expect(api.nullable({ $ref: '#/components/schemas/Thing' })).toEqual({
      oneOf: [
        { $ref: '#/components/schemas/Thing' },
        { type: 'string', nullable: true, enum: [null] },
      ],
    });
    // Without a type, nullable would allow nothing more: refused rather than written.
    expect(() => api.nullable({ description: 'anything' })).toThrow(/needs a schema with a type/);
  });

  it('answers a DELETE with { ok: true } and a success in its envelope', () => {
    const schemaOf = (method: 'get' | 'delete', path: string) =>
      (operation(method, path).responses['200'] as { content: Record<string, unknown> }).content[
        'application/json'
      ];
    expect(schemaOf('delete', '/api/thing/{id}')).toEqual({
      schema: { $ref: '#/components/schemas/Done' },
    });
    expect(schemaOf('get', '/api/thing/open')).toEqual({
      schema: {
        type: 'object',
        properties: { ok: { type: 'boolean', enum: [true] }, data: THING },
        required: ['ok', 'data'],
      },
    });
  });
});

describe('operation ids of controllers sharing a prefix', () => {
  it('refuses to make a document in which two operations share an id', async () => {
    const app = await NestFactory.create(RepeatedIdModule, { logger: false });
    app.setGlobalPrefix('api');
    try {
      expect(() => buildApiDocument(app)).toThrow('Two operations have the id Thing_list');
    } finally {
      await app.close();
    }
  });
});
