/**
 * Helpers for the structure API tests: a space with an owner, a member holding a chosen role, and a stranger from
 * another space, with calls that send X-Space-Id. Structurally typed so it does not depend on the test server.
 */
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers are checked by the tests themselves
  body: any;
}
interface ServerLike {
  call(
    method: Method,
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Answer>;
  signUp(): Promise<{ token: string; user: { id: string; login: string } }>;
  createSpace(token: string, name?: string): Promise<{ id: string; name: string }>;
}

export interface Actor {
  token: string;
  userId: string;
  spaceId: string;
  call(method: Method, url: string, body?: unknown): Promise<Answer>;
}

function actor(server: ServerLike, token: string, userId: string, spaceId: string): Actor {
  return {
    token,
    userId,
    spaceId,
    call: (method, url, body) => server.call(method, url, { token, body, headers: { "x-space-id": spaceId } }),
  };
}

/** An owner's space, plus a member with `abilities` as their role (null: no role, the read-only default). */
export async function setUpSpace(server: ServerLike, abilities: string[] | null = null) {
  const ownerSession = await server.signUp();
  const space = await server.createSpace(ownerSession.token, "Structure");
  const owner = actor(server, ownerSession.token, ownerSession.user.id, space.id);
  const memberSession = await server.signUp();
  await server.call("POST", `/space/${space.id}/users/invite`, {
    token: ownerSession.token,
    body: { login: memberSession.user.login },
  });
  let roleId: string | null = null;
  if (abilities) {
    const role = await owner.call("POST", "/roles", {
      name: `Role ${Math.random().toString(36).slice(2, 8)}`,
      abilities,
    });
    roleId = role.body.data.id;
    await owner.call("PUT", `/space/${space.id}/users/${memberSession.user.id}/role`, { roleId });
  }
  const member = actor(server, memberSession.token, memberSession.user.id, space.id);
  const otherSession = await server.signUp();
  const otherSpace = await server.createSpace(otherSession.token, "Other");
  const stranger = actor(server, otherSession.token, otherSession.user.id, otherSpace.id);
  /** The stranger aiming at the first space (not a member there). */
  const intruder = actor(server, otherSession.token, otherSession.user.id, space.id);
  return { space, owner, member, stranger, intruder, roleId };
}

/** A small tree: root node → facility → project with one schedule. */
export async function buildTree(owner: Actor) {
  const root = (await owner.call("POST", "/eps/create", { name: "Корпус А", key: `ROOT-${Date.now() % 100000}` })).body
    .data;
  const facility = (await owner.call("POST", "/facilities/create", { parentId: root.id, name: "Завод" })).body.data;
  const project = (await owner.call("POST", `/facilities/${facility.id}/project/create`, { name: "Цех 1" })).body.data;
  const schedule = (await owner.call("POST", `/projects/${project.id}/schedules/create`, { name: "График" })).body.data;
  return { root, facility, project, schedule };
}

/** The 400 answers every name field gives. */
export const BAD_NAMES: [unknown, string][] = [
  ["", "Required"],
  ["x".repeat(33), "MaxLength"],
  ["a<b", "ProhibitedCharacters"],
  [42, "Required"],
];
