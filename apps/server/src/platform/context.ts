import type { AccessRules } from "./access.js";
import type { ActivityRecorder } from "./activity.js";
import type { ChangeClock } from "./change-clock.js";
import type { Config } from "./config.js";
import type { DatesWritten } from "./dates-written.js";
import type { Db } from "./db.js";
import type { Jobs } from "./jobs.js";
import type { Mail } from "./mail.js";
import type { PdfBrowser } from "./pdf-browser.js";
import type { ProcessRegistry } from "./processes.js";
import type { Realtime } from "./realtime.js";
import type { SessionStore } from "./sessions.js";
import type { Storage } from "./storage.js";

/** What the modules are built from; each module takes only the parts it uses. */
export interface AppContext {
  config: Config;
  db: Db;
  databaseKind: "embedded" | "postgres";
  sessions: SessionStore;
  /** Moves on every write of the installation: what is kept in memory from the database is used until it moves. */
  changes: ChangeClock;
  /** The access rules routes declare (`access: ctx.access.version("write")`). */
  access: AccessRules;
  /** The members' calls counted per space, member and day (activity analytics). */
  activity: ActivityRecorder;
  jobs: Jobs;
  /** What follows a calculation writing new dates (work-done plans re-spread, people told), this server's own. */
  datesWritten: DatesWritten;
  /** This process as the others see it (heartbeat, role). */
  process: ProcessRegistry;
  mail: Mail;
  realtime: Realtime;
  storage: Storage;
  /** The process's one headless Chromium for PDFs and previews (prints, reports), closed with the server. */
  pdf: PdfBrowser;
}
