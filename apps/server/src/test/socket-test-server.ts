import type { AddressInfo } from "node:net";
import { io, type Socket } from "socket.io-client";
import { createTestServer, type TestServer } from "./test-server.js";

export interface SocketTestServer {
  server: TestServer;
  /** A socket.io client signed in with this token, as the browser connects (WebSocket, no reconnection). */
  open(token: string): Socket;
  /** Closes the sockets opened through `open`, the real-time server and the test server. */
  close(): Promise<void>;
}

/** A test server listening on loopback with real-time attached, for tests that watch what sockets hear. */
export async function createSocketTestServer(): Promise<SocketTestServer> {
  const server = await createTestServer();
  server.attachRealtime();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];
  return {
    server,
    open(token) {
      const socket = io(url, { path: "/socket.io", auth: { token }, transports: ["websocket"], reconnection: false });
      sockets.push(socket);
      return socket;
    },
    async close() {
      for (const socket of sockets) socket.close();
      await server.ctx.realtime.close();
      await server.close();
    },
  };
}
