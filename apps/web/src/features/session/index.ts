export { IdleWatcher } from "./idle-watcher";
export { RequireAuth } from "./require-auth";
export { forgetUserData, landingPath, signOut, useSignIn } from "./session-actions";
export { loginRequest, meQueryKey, useMe, useToken } from "./session-api";
export { SessionSync } from "./session-sync";
