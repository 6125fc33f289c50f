import type { Server as HttpServer } from "node:http";
import { SERVER_EVENT, SESSION_ENDED_EVENT, type ServerEvent } from "@planum/contracts";
import { createAdapter } from "@socket.io/postgres-adapter";
import type pg from "pg";
import { Server } from "socket.io";
import type { ChangeClock } from "./change-clock.js";

/** Who a socket belongs to, resolved from the token it connected with. */
export interface SocketIdentity {
  userId: string;
  sessionId: string;
}

export interface RealtimeHooks {
  authenticate(token: string): Promise<SocketIdentity | null>;
  /** Null when the user may join the space's room, else the refusing error code. */
  canJoinSpace(identity: SocketIdentity, spaceId: string, address: string): Promise<string | null>;
}

export const spaceRoom = (spaceId: string) => `space:${spaceId}`;
const userRoom = (userId: string) => `user:${userId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * Pushes facts to browsers. On PostgreSQL every process's socket server is joined to the others through
 * @socket.io/postgres-adapter (NOTIFY, large payloads through `socket_io_attachments`), so an event, a disconnection
 * or a room change made by one process reaches the sockets of all; on the embedded database there is one process
 * and the default in-memory adapter. Before a socket server exists (tests through inject, the CLI) events go
 * nowhere, which is right: nobody is listening.
 */
/** socket.io-parser's packet type of an event (`PacketType.EVENT`). */
const EVENT_PACKET = 2;
/** Between server processes only: "I committed a write" (see ChangeClock). */
const CHANGED = "planum:changed";

export class Realtime {
  private io: Server | null = null;
  /** Every event sent, kept only when a test asks for it, but for the types it leaves out (`unrecorded`). */
  readonly sent: ServerEvent[] = [];
  record = false;
  readonly unrecorded = new Set<ServerEvent["type"]>();
  /** In-process observers of every space event (the automatic calculation reacts to changes through them). */
  private readonly listeners: ((event: ServerEvent) => void)[] = [];

  /** Calls `listener` with each event sent to a space, after it was sent to the browsers. */
  onSpaceEvent(listener: (event: ServerEvent) => void) {
    this.listeners.push(listener);
  }

  /**
   * `adapterPool`: the pool whose database carries events between processes (PostgreSQL only); null for one process.
   * `clock`: moved by every space event sent here, and joined to the other processes' through the adapter.
   */
  constructor(
    private readonly adapterPool: pg.Pool | null,
    private readonly clock: ChangeClock,
  ) {}

  private createServer() {
    const io = new Server({ path: "/socket.io", serveClient: false, cors: { origin: false } });
    if (this.adapterPool) {
      io.adapter(createAdapter(this.adapterPool, { errorHandler: () => {}, heartbeatInterval: 5_000 }));
      io.on(CHANGED, () => this.clock.advancedElsewhere());
      this.clock.connect(() => io.serverSideEmit(CHANGED));
    }
    return io;
  }

  /** A process without HTTP (role worker) still sends events: through the adapter to the processes with sockets. */
  startDetached() {
    this.io = this.createServer();
  }

  attach(server: HttpServer, hooks: RealtimeHooks) {
    const io = this.createServer();
    io.attach(server);
    io.use(async (socket, next) => {
      const token = typeof socket.handshake.auth?.token === "string" ? socket.handshake.auth.token : "";
      const identity = token ? await hooks.authenticate(token).catch(() => null) : null;
      if (!identity) return next(new Error("Unauthorized"));
      socket.data.identity = identity;
      next();
    });
    io.on("connection", (socket) => {
      const identity = socket.data.identity as SocketIdentity;
      socket.join([userRoom(identity.userId), sessionRoom(identity.sessionId)]);
      socket.on("join_space", async (payload: unknown, ack?: (answer: unknown) => void) => {
        const spaceId = (payload as { spaceId?: unknown })?.spaceId;
        if (typeof spaceId !== "string") return ack?.({ ok: false, code: "InvalidValue" });
        const refused = await hooks.canJoinSpace(identity, spaceId, socket.handshake.address).catch(() => "Forbidden");
        if (refused) return ack?.({ ok: false, code: refused });
        for (const room of socket.rooms) if (room.startsWith("space:")) socket.leave(room);
        socket.join(spaceRoom(spaceId));
        ack?.({ ok: true });
      });
      socket.on("leave_space", (payload: unknown) => {
        const spaceId = (payload as { spaceId?: unknown })?.spaceId;
        if (typeof spaceId === "string") socket.leave(spaceRoom(spaceId));
      });
    });
    this.io = io;
    return io;
  }

  private keep(event: ServerEvent) {
    if (this.record && !this.unrecorded.has(event.type)) this.sent.push(event);
  }

  toSpace(event: ServerEvent) {
    // Events are sent after the write they tell of has been committed.
    this.clock.advance();
    this.keep(event);
    this.io?.to(spaceRoom(event.spaceId)).emit(SERVER_EVENT, event);
    for (const listener of this.listeners) listener(event);
  }

  /**
   * An event for one user's sockets only (their personal area: `notices_changed`), on every process. It moves no
   * clock: nothing kept in memory depends on a user's notices.
   */
  toUser(userId: string, event: ServerEvent) {
    this.keep(event);
    this.io?.to(userRoom(userId)).emit(SERVER_EVENT, event);
  }

  /**
   * One event for the sockets of several users (the members of a chat), on every process: one broadcast to all their
   * rooms (through the cluster adapter, one message between processes, whatever the number of users).
   */
  toUsers(userIds: readonly string[], event: ServerEvent) {
    this.keep(event);
    if (userIds.length > 0) this.io?.to(userIds.map(userRoom)).emit(SERVER_EVENT, event);
  }

  /**
   * Tells the sockets of one session (or all sessions of a user, but `exceptSessionId`) that it ended, and closes
   * them, on every process (through the adapter).
   */
  async endSession(target: { sessionId?: string; userId?: string; exceptSessionId?: string }, reason: string) {
    if (!this.io) return;
    const room = target.sessionId ? sessionRoom(target.sessionId) : userRoom(target.userId ?? "");
    const except = target.exceptSessionId ? [sessionRoom(target.exceptSessionId)] : [];
    // The message must reach the sockets before the disconnection. Through the cluster adapter, `emit` and
    // `disconnectSockets` each publish first (a NOTIFY on a pooled connection) and act locally only after: sent side
    // by side, the disconnection could overtake the message. So the message is broadcast through the adapter and
    // awaited (in-memory, it is synchronous), then the sockets are closed.
    const packet = { type: EVENT_PACKET, data: [SESSION_ENDED_EVENT, { reason }], nsp: "/" };
    await this.io.of("/").adapter.broadcast(packet, { rooms: new Set([room]), except: new Set(except) });
    this.io.in(room).except(except).disconnectSockets(true);
  }

  /**
   * The space's last event (its deletion completed), then every socket leaves its room on every process. Awaited like
   * `endSession`'s message: through the cluster adapter the leave, sent side by side, could overtake the event.
   */
  async lastToSpace(event: ServerEvent) {
    this.clock.advance();
    this.keep(event);
    for (const listener of this.listeners) listener(event);
    if (!this.io) return;
    const room = spaceRoom(event.spaceId);
    const packet = { type: EVENT_PACKET, data: [SERVER_EVENT, event], nsp: "/" };
    await this.io.of("/").adapter.broadcast(packet, { rooms: new Set([room]), except: new Set() });
    this.io.in(room).socketsLeave(room);
  }

  /** Removes every socket of a user from a space's room (kicked out, space deleted). */
  leaveSpace(spaceId: string, userId?: string) {
    if (!this.io) return;
    if (userId) this.io.in(userRoom(userId)).socketsLeave(spaceRoom(spaceId));
    else this.io.in(spaceRoom(spaceId)).socketsLeave(spaceRoom(spaceId));
  }

  async close() {
    this.clock.connect(null);
    await this.io?.close();
    this.io = null;
  }
}
