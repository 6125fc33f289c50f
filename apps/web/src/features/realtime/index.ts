export {
  goToDisconnectPage,
  RECONNECT_COUNTDOWN_MS,
  RealtimeProvider,
  useRealtime,
  useRealtimeEvents,
  useSpaceRoom,
} from "./realtime-provider";
