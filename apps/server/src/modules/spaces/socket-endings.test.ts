import { EVENTS_PROTOCOL_VERSION, SERVER_EVENT, SESSION_ENDED_EVENT, type ServerEvent } from "@planum/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSocketTestServer, type SocketTestServer } from "../../test/socket-test-server.js";
import type { TestServer } from "../../test/test-server.js";

/**
 * Every way a user or a space ends for a browser reaches its sockets (through `platform/realtime.ts`, whose adapter
 * carries it to every server process): a session that ends is disconnected, a member kicked out or a deleted space
 * leaves the space's room and hears nothing more of it.
 */
let sockets: SocketTestServer;
let server: TestServer;

beforeAll(async () => {
  sockets = await createSocketTestServer();
  server = sockets.server;
});
afterAll(() => sockets.close());

/** A connected socket of this token, with every space event it hears. */
async function connect(token: string) {
  const socket = sockets.open(token);
  const heard: ServerEvent[] = [];
  socket.on(SERVER_EVENT, (event: ServerEvent) => heard.push(event));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { socket, heard };
}
const join = (socket: Socket, spaceId: string) =>
  socket.timeout(5000).emitWithAck("join_space", { spaceId }) as Promise<{ ok: boolean; code?: string }>;
const ended = (socket: Socket) =>
  Promise.all([
    new Promise((resolve) => socket.once(SESSION_ENDED_EVENT, resolve)),
    new Promise((resolve) => socket.once("disconnect", resolve)),
  ]).then(([message]) => message);
const heardOne = (socket: Socket, type: ServerEvent["type"], which: (event: ServerEvent) => boolean = () => true) =>
  new Promise<ServerEvent>((resolve) => {
    const listener = (event: ServerEvent) => {
      if (event.type !== type || !which(event)) return;
      socket.off(SERVER_EVENT, listener);
      resolve(event);
    };
    socket.on(SERVER_EVENT, listener);
  });
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

async function spaceWithMember() {
  const owner = await server.signUp();
  const member = await server.signUp();
  const space = await server.createSpace(owner.token);
  await server.call("POST", `/space/${space.id}/users/invite`, {
    token: owner.token,
    body: { login: member.user.login },
  });
  return { owner, member, space };
}

describe("ending sessions and memberships reaches the sockets", () => {
  it("logout disconnects the session's sockets", async () => {
    const user = await server.signUp();
    const { socket } = await connect(user.token);
    const end = ended(socket);
    await server.call("POST", "/auth/logout", { token: user.token });
    expect(await end).toEqual({ reason: "logout" });
    expect(socket.connected).toBe(false);
  });

  it("a space's idle time-out that ends a session disconnects its sockets too", async () => {
    const { owner, space } = await spaceWithMember();
    await server.call("PUT", `/space/${space.id}/settings`, { token: owner.token, body: { idleMinutes: 5 } });
    const { socket } = await connect(owner.token);
    const end = ended(socket);
    const { sessions } = await import("../../db/schema/index.js");
    const { eq } = await import("drizzle-orm");
    await server.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.userId, owner.user.id));
    server.ctx.changes.advance(); // a write behind the server's back: what it keeps in memory must be read again
    expect((await server.call("GET", `/space/${space.id}/users`, { token: owner.token })).status).toBe(401);
    expect(await end).toEqual({ reason: "idle" });
    expect(socket.connected).toBe(false);
  });

  it("a password change disconnects the user's other sessions, not the one that changed it", async () => {
    const user = await server.signUp();
    const other = await server.call("POST", "/auth/login", {
      body: { login: user.user.login, password: user.password },
    });
    const current = await connect(user.token);
    const elsewhere = await connect(other.body.data.token);
    const end = ended(elsewhere.socket);
    const changed = await server.call("PUT", "/users/change-password", {
      token: user.token,
      body: { oldPassword: user.password, password: "new-password-1", passwordConfirm: "new-password-1" },
    });
    expect(changed.status).toBe(200);
    expect(await end).toEqual({ reason: "password_changed" });
    await settle();
    expect(current.socket.connected).toBe(true);
  });

  it("a forgotten password restored disconnects every session of the user", async () => {
    const user = await server.signUp();
    const { socket } = await connect(user.token);
    const end = ended(socket);
    const restored = await server.call("PUT", "/users/change-forgotten-password", {
      body: {
        login: user.user.login,
        secretAnswer: "School 57",
        password: "restored-password",
        passwordConfirm: "restored-password",
      },
    });
    expect(restored.status).toBe(200);
    expect(await end).toEqual({ reason: "password_reset" });
  });

  it("a member kicked out leaves the space's room: no more of its events, and no way back in", async () => {
    const { owner, member, space } = await spaceWithMember();
    const ownerSocket = await connect(owner.token);
    const memberSocket = await connect(member.token);
    expect(await join(ownerSocket.socket, space.id)).toEqual({ ok: true });
    expect(await join(memberSocket.socket, space.id)).toEqual({ ok: true });

    const kicked = await server.call("POST", `/space/${space.id}/users/kickout`, {
      token: owner.token,
      body: { userId: member.user.id },
    });
    expect(kicked.status).toBe(200);
    const renamed = heardOne(ownerSocket.socket, "space_renamed");
    await server.call("PUT", `/space/${space.id}`, { token: owner.token, body: { name: "After the kick" } });
    await renamed;
    await settle();
    expect(memberSocket.heard.filter((event) => event.type === "space_renamed")).toEqual([]);
    expect(await join(memberSocket.socket, space.id)).toEqual({ ok: false, code: "Forbidden" });
  });

  it("a deleted space's sockets leave its room once the deletion completes", async () => {
    const { owner, member, space } = await spaceWithMember();
    const ownerSocket = await connect(owner.token);
    const memberSocket = await connect(member.token);
    expect(await join(ownerSocket.socket, space.id)).toEqual({ ok: true });
    expect(await join(memberSocket.socket, space.id)).toEqual({ ok: true });

    // The deletion is announced when it starts and when it completes; the room is left after the second.
    const completed = heardOne(
      memberSocket.socket,
      "space_delete",
      (event) => event.type === "space_delete" && event.status === "completed",
    );
    expect((await server.call("DELETE", `/space/${space.id}`, { token: owner.token })).status).toBe(200);
    await server.ctx.jobs.idle();
    await completed;
    await settle();
    // Whatever is still sent to the space's room reaches nobody.
    const before = memberSocket.heard.length + ownerSocket.heard.length;
    server.ctx.realtime.toSpace({
      v: EVENTS_PROTOCOL_VERSION,
      type: "space_renamed",
      spaceId: space.id,
      byUserId: owner.user.id,
      name: "x",
    });
    await settle();
    expect(memberSocket.heard.length + ownerSocket.heard.length).toBe(before);
    expect(await join(memberSocket.socket, space.id)).toEqual({ ok: false, code: "Forbidden" });
  });
});
