import { SERVER_EVENT, SESSION_ENDED_EVENT, type ServerEvent } from "@planum/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSocketTestServer, type SocketTestServer } from "../test/socket-test-server.js";
import type { TestServer } from "../test/test-server.js";

let sockets: SocketTestServer;
let server: TestServer;

beforeAll(async () => {
  sockets = await createSocketTestServer();
  server = sockets.server;
});
afterAll(() => sockets.close());

function connect(token: string) {
  const socket = sockets.open(token);
  return socket;
}
const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
const join = (socket: Socket, spaceId: string) =>
  socket.timeout(5000).emitWithAck("join_space", { spaceId }) as Promise<{ ok: boolean; code?: string }>;
const nextEvent = (socket: Socket) => new Promise<ServerEvent>((resolve) => socket.once(SERVER_EVENT, resolve));

describe("real-time events", () => {
  it("refuses a socket without a valid token", async () => {
    const socket = connect("not-a-token");
    await expect(connected(socket)).rejects.toThrow("Unauthorized");
  });

  it("members of a space hear its events; others cannot join its room", async () => {
    const owner = await server.signUp();
    const member = await server.signUp();
    const stranger = await server.signUp();
    const space = await server.createSpace(owner.token);
    await server.call("POST", `/space/${space.id}/users/invite`, {
      token: owner.token,
      body: { login: member.user.login },
    });

    const memberSocket = connect(member.token);
    await connected(memberSocket);
    expect(await join(memberSocket, space.id)).toEqual({ ok: true });
    const strangerSocket = connect(stranger.token);
    await connected(strangerSocket);
    expect(await join(strangerSocket, space.id)).toEqual({ ok: false, code: "Forbidden" });

    const heard = nextEvent(memberSocket);
    await server.call("PUT", `/space/${space.id}`, { token: owner.token, body: { name: "Renamed live" } });
    expect(await heard).toMatchObject({
      type: "space_renamed",
      spaceId: space.id,
      name: "Renamed live",
      byUserId: owner.user.id,
    });
  });

  it("logout ends the session's sockets with a session_ended message", async () => {
    const user = await server.signUp();
    const socket = connect(user.token);
    await connected(socket);
    const ended = new Promise((resolve) => socket.once(SESSION_ENDED_EVENT, resolve));
    const disconnected = new Promise((resolve) => socket.once("disconnect", resolve));
    await server.call("POST", "/auth/logout", { token: user.token });
    expect(await ended).toEqual({ reason: "logout" });
    await disconnected;
  });
});
