// The one visibility rule (decisions.md), applied to every query of the API and the application.
// owner/manager: every row of the team; member: all contacts and companies, own deals, tasks
// assigned to them or on their deals, activities they created or on their deals, calls they pushed.
import type { CompiledQuery, ExpressionBuilder, Expression, Kysely, SqlBool } from 'kysely';
import { prepareQuery } from '../db/prepared.ts';

interface Compilable<R> {
  compile(): CompiledQuery<R>;
}
import type { Database } from '../db/schema.ts';
import { type Actor, seesAll } from './actor.ts';

type Eb<T extends keyof Database> = ExpressionBuilder<Database, T>;

function ownDealIds(eb: ExpressionBuilder<Database, any>, actor: Actor) {
  return eb.selectFrom('deals as vd').select('vd.id').where('vd.team_id', '=', actor.teamId).where('vd.owner_id', '=', actor.userId);
}

export function dealVisible(actor: Actor, alias = 'deals') {
  return (eb: Eb<'deals'>): Expression<SqlBool> => {
    const team = eb(eb.ref(`${alias}.team_id` as 'deals.team_id'), '=', actor.teamId);
    return seesAll(actor) ? team : eb.and([team, eb(eb.ref(`${alias}.owner_id` as 'deals.owner_id'), '=', actor.userId)]);
  };
}

export function taskVisible(actor: Actor) {
  return (eb: Eb<'tasks'>): Expression<SqlBool> => {
    const team = eb('tasks.team_id', '=', actor.teamId);
    if (seesAll(actor)) return team;
    return eb.and([team, eb.or([eb('tasks.owner_id', '=', actor.userId), eb('tasks.deal_id', 'in', ownDealIds(eb, actor))])]);
  };
}

export function activityVisible(actor: Actor) {
  return (eb: Eb<'activities'>): Expression<SqlBool> => {
    const team = eb('activities.team_id', '=', actor.teamId);
    if (seesAll(actor)) return team;
    return eb.and([team, eb.or([eb('activities.owner_id', '=', actor.userId), eb('activities.deal_id', 'in', ownDealIds(eb, actor))])]);
  };
}

export function callVisible(actor: Actor) {
  return (eb: Eb<'calls'>): Expression<SqlBool> => {
    const team = eb('calls.team_id', '=', actor.teamId);
    return seesAll(actor) ? team : eb.and([team, eb('calls.owner_id', '=', actor.userId)]);
  };
}

/**
 * A hot-path query that depends on the actor's visibility, compiled once per variant (sees all,
 * member). The builder gets an actor whose ids are parameters. `literals`: arguments (by their
 * index in `args`) built into the SQL, as prepareQuery's.
 */
export function prepareVisibleQuery<A extends unknown[], R>(arity: A['length'], build: (db: Kysely<Database>, actor: Actor, ...args: A) => Compilable<R>, opts: { literals?: number[] } = {}) {
  const literals = (opts.literals ?? []).map((i) => i + 2);
  const variant = (role: Actor['role']) => prepareQuery(arity + 2, (db, teamId: string, userId: string, ...args: unknown[]) =>
    build(db, { teamId, userId, role, name: '', email: '', keyId: null, scopes: new Set() }, ...(args as A)), role === 'member' ? { literals } : { unused: [1], literals });
  const all = variant('owner');
  const member = variant('member');
  return (db: Kysely<Database>, actor: Actor, ...args: A): Promise<R[]> =>
    (seesAll(actor) ? all : member)(db, actor.teamId, actor.userId, ...args);
}
