// A team with an owner, a manager and two members (each with a read+write key), plus the
// same for a second team, so every test can check roles and cross-team isolation.
import type { Services } from '../../src/services.ts';
import { startTestServer, type TestServer } from './server.ts';
import { ApiClient } from './client.ts';

export interface Person {
  userId: string;
  key: string;
  keyId: string;
  client: ApiClient;
}

export interface TeamFixture {
  teamId: string;
  owner: Person;
  manager: Person;
  member: Person;
  member2: Person;
  readOnly: ApiClient; // manager's read-only key
  writeOnly: ApiClient; // manager's write-only key
}

let seq = 0;

export async function makeTeam(services: Services, api: string, name = 'Team'): Promise<TeamFixture> {
  const n = ++seq;
  const tag = `${name.toLowerCase().replace(/\W+/g, '')}${n}${Date.now()}`;
  const { team_id, owner_id } = await services.identity.createTeam({ name, ownerEmail: `owner.${tag}@example.com`, ownerName: `Olivia ${name}` });
  const person = async (userId: string): Promise<Person> => {
    const k = await services.identity.createKey({ userId, scopes: ['read', 'write'] });
    return { userId, key: k.key, keyId: k.key_id, client: new ApiClient(api, k.key) };
  };
  const add = async (role: string, who: string) => (await services.identity.addUser({ teamId: team_id, email: `${who}.${tag}@example.com`, role, name: `${who} ${name}` })).user_id;
  const managerId = await add('manager', 'mia');
  const memberId = await add('member', 'max');
  const member2Id = await add('member', 'mona');
  const ro = await services.identity.createKey({ userId: managerId, scopes: ['read'] });
  const wo = await services.identity.createKey({ userId: managerId, scopes: ['write'] });
  return {
    teamId: team_id,
    owner: await person(owner_id),
    manager: await person(managerId),
    member: await person(memberId),
    member2: await person(member2Id),
    readOnly: new ApiClient(api, ro.key),
    writeOnly: new ApiClient(api, wo.key),
  };
}

/** Events recorded for a team since a marker id, oldest first. */
export async function eventsSince(services: Services, teamId: string, afterId = ''): Promise<Array<{ event: string; entity_id: string; data: any }>> {
  const rows = await services.handle.db.selectFrom('events').selectAll().where('team_id', '=', teamId).where('id', '>', afterId).orderBy('id').execute();
  return rows.map((r) => ({ event: r.event, entity_id: r.entity_id, data: JSON.parse(r.data) }));
}

export async function lastEventId(services: Services, teamId: string): Promise<string> {
  const row = await services.handle.db.selectFrom('events').select('id').where('team_id', '=', teamId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.id ?? '';
}

/** A fresh server with the teams Alpha and Beta: the setup of most API test suites. */
export async function serverWithTwoTeams(opts: Parameters<typeof startTestServer>[0] = {}): Promise<{ s: TestServer; a: TeamFixture; b: TeamFixture }> {
  const s = await startTestServer(opts);
  return { s, a: await makeTeam(s.services, s.api, 'Alpha'), b: await makeTeam(s.services, s.api, 'Beta') };
}

/** RFC 3339 UTC with milliseconds and Z: the one timestamp format of every row. */
export const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Names of the events recorded for a team since a marker id, oldest first. */
export async function eventNamesSince(services: Services, teamId: string, afterId: string): Promise<string[]> {
  return (await eventsSince(services, teamId, afterId)).map((e) => e.event);
}
