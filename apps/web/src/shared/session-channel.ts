/** Messages the tabs of one browser exchange about the session (BroadcastChannel "planum-session"). */
export type SessionMessage =
  | { type: "signed-in"; token: string; userId: string }
  | { type: "signed-out" }
  | { type: "idle" };

const CHANNEL_NAME = "planum-session";
let channel: BroadcastChannel | null = null;

function getChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === "undefined") return null;
  channel ??= new BroadcastChannel(CHANNEL_NAME);
  return channel;
}

export function postSessionMessage(message: SessionMessage): void {
  getChannel()?.postMessage(message);
}

export function onSessionMessage(handler: (message: SessionMessage) => void): () => void {
  const target = getChannel();
  if (!target) return () => {};
  const listener = (event: MessageEvent<SessionMessage>) => handler(event.data);
  target.addEventListener("message", listener);
  return () => target.removeEventListener("message", listener);
}
