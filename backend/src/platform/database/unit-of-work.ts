import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Database } from './database';

/** Who makes the changes of the current request or job; recorded on every audit row. */
export interface Actor {
  id: string | null;
  name: string;
}

interface Scope {
  actor?: Actor;
  /** The open transaction every repository call of this scope joins. */
  tx?: Database;
  /** Work to do once that transaction has committed (queue jobs, storage deletes). */
  afterCommit?: Array<() => unknown>;
}

const scopes = new AsyncLocalStorage<Scope>();
const logger = new Logger('UnitOfWork');

/**
 * One request (or job), one transaction (ADR 0008). The scope lives in AsyncLocalStorage, so
 * repositories keep injecting DATABASE and never pass a transaction around: the database they
 * are given is a proxy that answers with the scope's transaction when there is one.
 *
 * Each transaction starts by naming its actor in transaction-local settings
 * (`registra.actor_id`, `registra.actor_name`); the audit triggers read them, so every row they
 * write names who made the change and commits or rolls back with it.
 */
export class UnitOfWork {
  constructor(private readonly base: Database) {}

  /** The scope's transaction, or the pool. */
  get current(): Database {
    return scopes.getStore()?.tx ?? this.base;
  }

  get inTransaction(): boolean {
    return Boolean(scopes.getStore()?.tx);
  }

  get actor(): Actor | undefined {
    return scopes.getStore()?.actor;
  }

  /** Runs `work` with `actor` as the author of its changes (no transaction is opened). */
  runAs<T>(actor: Actor | undefined, work: () => Promise<T>): Promise<T> {
    return scopes.run({ ...scopes.getStore(), actor }, work);
  }

  /**
   * Runs `work` in a transaction, or in the one already open (no savepoint: a failure anywhere
   * rolls back the whole unit). Callbacks registered with {@link afterCommit} run once it has
   * committed, before this resolves.
   */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    const outer = scopes.getStore();
    if (outer?.tx) return work();
    const afterCommit: Array<() => unknown> = [];
    const result = await this.base.transaction(async (tx) => {
      const db = tx as unknown as Database;
      await setActor(db, outer?.actor);
      return scopes.run({ actor: outer?.actor, tx: db, afterCommit }, work);
    });
    for (const callback of afterCommit) {
      try {
        await callback();
      } catch (error) {
        // The change is committed; a follow-up step that failed is logged, not undone.
        logger.warn(`After-commit step failed: ${(error as Error).message}`);
      }
    }
    return result;
  }

  /**
   * Names the author of the changes still to come in this scope (sign-in and sign-up learn who
   * the user is halfway through their transaction).
   */
  async setActor(actor: Actor): Promise<void> {
    const scope = scopes.getStore();
    if (scope) scope.actor = actor;
    if (scope?.tx) await setActor(scope.tx, actor);
  }

  /** Runs `callback` after the current transaction commits; at once when there is none. */
  async afterCommit(callback: () => unknown): Promise<void> {
    const scope = scopes.getStore();
    if (scope?.tx && scope.afterCommit) scope.afterCommit.push(callback);
    else await callback();
  }
}

function setActor(db: Database, actor: Actor | undefined): Promise<unknown> {
  return db.execute(
    sql`SELECT set_config('registra.actor_id', ${actor?.id ?? ''}, true),
               set_config('registra.actor_name', ${actor?.name ?? ''}, true)`,
  );
}

/**
 * The DATABASE every repository injects: each property is read from the scope's transaction when
 * one is open, else from the pool. `transaction()` goes through the unit of work: it joins the
 * open transaction, or opens one that names the actor.
 */
export function scopedDatabase(unitOfWork: UnitOfWork): Database {
  return new Proxy({} as Database, {
    get(_target, property) {
      if (property === 'transaction') {
        return <T>(work: (tx: Database) => Promise<T>) =>
          unitOfWork.transaction(() => work(unitOfWork.current));
      }
      const db = unitOfWork.current;
      const value = Reflect.get(db, property, db) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(db) : value;
    },
  });
}
