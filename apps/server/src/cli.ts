import { startServer } from "./main.js";
import { LICENCE_HELP, runLicenceCommand } from "./modules/licences/licence-cli.js";
import { loadConfig } from "./platform/config.js";
import { openDatabase } from "./platform/db.js";

const HELP = `planum: the Planum server and its tools

  planum serve       start the server (PORT, HOST, PLANUM_DATA_DIR, DATABASE_URL…; see README.md)
  planum migrate     apply database migrations and exit
  planum schedule <file> [--format json|csv] [--compare]
                     read a schedule file (XER, P6 XML, MS Project XML, MPX, CSV, XLSX, JSON, ZIP), recalculate it
  planum convert <in> <out> [--to format]
  planum check <file> [--format text|json]
                     schedule-quality report in the manner of the DCMA 14-point assessment
${LICENCE_HELP}`;

async function runFileCommand(argv: string[]): Promise<number> {
  const formats = (await import("@planum/formats")) as Record<string, unknown>;
  const run = formats.runPlanumFileCommand as
    | ((args: string[], io: { stdout: (s: string) => void; stderr: (s: string) => void }) => Promise<number>)
    | undefined;
  if (!run) {
    process.stderr.write("This build of Planum cannot read schedule files.\n");
    return 2;
  }
  return run(argv, { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s) });
}

export async function main(argv: string[]): Promise<number> {
  const [command = "serve", ...rest] = argv;
  switch (command) {
    case "serve": {
      const server = await startServer();
      const stop = () => server.shutdown().then(() => process.exit(0));
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
      return -1;
    }
    case "migrate": {
      const database = await openDatabase(loadConfig());
      await database.close();
      process.stdout.write(`Database is up to date (${database.kind}).\n`);
      return 0;
    }
    case "schedule":
    case "convert":
    case "check":
      return runFileCommand([command, ...rest]);
    case "licence":
      return runLicenceCommand(rest, {
        stdout: (s) => process.stdout.write(s),
        stderr: (s) => process.stderr.write(s),
      });
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(HELP);
      return 0;
    default:
      process.stderr.write(`Unknown command "${command}".\n\n${HELP}`);
      return 2;
  }
}
