import { EngineInputError, type NetworkInput, schedule, validateNetwork } from "@planum/engine";
import { describe, expect, it } from "vitest";
import { runCli } from "../src/cli.js";

const DAY: [string, string][] = [["08:00", "17:00"]];
const base = (): NetworkInput => ({
  projectStart: "2024-01-08T08:00",
  calendars: [{ id: "c", week: [DAY, DAY, DAY, DAY, DAY, [], []] }],
  defaultCalendar: "c",
  activities: [
    { id: "A", duration: 540 },
    { id: "B", duration: 60 },
  ],
  relations: [{ from: "A", to: "B", type: "FS" }],
});

function rejects(mutate: (n: NetworkInput) => void, item: string | RegExp): void {
  const n = base();
  mutate(n);
  try {
    validateNetwork(n);
    schedule(n);
  } catch (err) {
    expect(err).toBeInstanceOf(EngineInputError);
    expect((err as EngineInputError).item).toMatch(item);
    return;
  }
  throw new Error("expected an EngineInputError");
}

describe("input validation names the offending item", () => {
  it("unknown calendar", () =>
    rejects((n) => {
      n.activities[0].calendar = "nope";
    }, 'activity "A"'));
  it("unknown default calendar", () =>
    rejects((n) => {
      n.defaultCalendar = "zz";
    }, 'calendar "zz"'));
  it("relation to a missing activity", () =>
    rejects((n) => {
      n.relations.push({ from: "A", to: "Q", type: "SS" });
    }, /relation #1 A->Q/));
  it("negative duration", () =>
    rejects((n) => {
      n.activities[1].duration = -5;
    }, 'activity "B"'));
  it("malformed date", () =>
    rejects((n) => {
      n.activities[1].actualStart = "2024-1-8T08:00";
    }, 'activity "B"'));
  it("malformed project start", () =>
    rejects((n) => {
      n.projectStart = "2024-01-08";
    }, "network"));
  it("bad relation type", () =>
    rejects((n) => {
      n.relations[0].type = "XX" as never;
    }, /relation #0/));
  it("duplicate ids", () =>
    rejects((n) => {
      n.activities.push({ id: "A", duration: 1 });
    }, 'activity "A"'));
  it("parent that is not a sum", () =>
    rejects((n) => {
      n.activities[1].parent = "A";
    }, 'activity "B"'));
  it("manual dates: finish before start, or missing", () => {
    rejects((n) => {
      n.activities[1].manual = { start: "2024-01-09T08:00", finish: "2024-01-08T17:00" };
    }, 'activity "B"');
    rejects((n) => {
      n.activities[1].manual = { start: "2024-01-09T08:00" } as never;
    }, 'activity "B"');
  });
  it("calendar interval syntax", () =>
    rejects((n) => {
      n.calendars[0].week[0] = [["8", "17:00"]];
    }, /calendar "c"/));
  it("bad option", () =>
    rejects((n) => {
      n.options = { progress: "nope" as never };
    }, "options"));
});

function io(stdin: string) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      readStdin: async () => stdin,
      writeStdout: (t: string) => void out.push(t),
      writeStderr: (t: string) => void err.push(t),
    },
  };
}

describe("planum-engine command line", () => {
  it("reads a network on stdin and writes the result on stdout", async () => {
    const x = io(JSON.stringify(base()));
    expect(await runCli(x.io)).toBe(0);
    const res = JSON.parse(x.out.join(""));
    expect(res.finish).toBe("2024-01-09T09:00");
    expect(res.activities[1]).toMatchObject({ id: "B", earlyStart: "2024-01-09T08:00", critical: true });
    expect(res.cycles).toEqual([]);
  });
  it("exits non-zero with a message naming the offending item", async () => {
    const n = base();
    n.relations.push({ from: "A", to: "ghost", type: "FS" });
    const x = io(JSON.stringify(n));
    expect(await runCli(x.io)).toBe(1);
    expect(x.err.join("")).toMatch(/ghost/);
    expect(x.out).toEqual([]);
  });
  it("rejects input that is not JSON", async () => {
    const x = io("{oops");
    expect(await runCli(x.io)).toBe(2);
    expect(x.err.join("")).toMatch(/not valid JSON/);
  });
});
