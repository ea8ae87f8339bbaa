import { PgDialect, boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { JsonView } from './json-view';

const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  secretHash: text('secret_hash'),
  nickname: text('nickname'),
  active: boolean('active').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

const row = {
  id: 'a1',
  name: 'Aoife Murphy',
  secretHash: 'hash',
  nickname: null,
  active: true,
  createdAt: new Date('2026-11-26T09:30:00.123Z'),
};

const sqlOf = (view: JsonView<typeof accounts>) => new PgDialect().sqlToQuery(view.json).sql;

describe('JsonView', () => {
  it('shows every column but the hidden ones, id as _id, timestamps as ISO 8601 UTC', () => {
    const view = new JsonView(accounts, { hidden: ['secretHash'] });
    expect(view.toView(row)).toEqual({
      _id: 'a1',
      name: 'Aoife Murphy',
      nickname: null,
      active: true,
      createdAt: '2026-11-26T09:30:00.123Z',
    });
    expect(sqlOf(view)).not.toContain('secret_hash');
  });

  it('shows only the columns `shown` names: a column added later stays out', () => {
    const view = new JsonView(accounts, { shown: ['id', 'name'] });
    expect(view.toView(row)).toEqual({ _id: 'a1', name: 'Aoife Murphy' });
    expect(sqlOf(view)).toContain('"name"');
    expect(sqlOf(view)).not.toContain('secret_hash');
    expect(sqlOf(view)).not.toContain('nickname');
  });

  it.each([
    ['leaves a null field out with omitNulls', true, { _id: 'a1', name: 'Aoife Murphy' }],
    ['keeps it as null without', false, { _id: 'a1', name: 'Aoife Murphy', nickname: null }],
  ])('%s', (_, omitNulls, expected) => {
    const view = new JsonView(accounts, { shown: ['id', 'name', 'nickname'], omitNulls });
    expect(view.toView(row)).toEqual(expected);
    expect(sqlOf(view).includes('json_strip_nulls')).toBe(omitNulls);
  });
});
